import { createHash } from "node:crypto";
import type { ModelEndpoint } from "./endpoint.ts";

/**
 * The response cache's key: who may see the entry (an organization, so one tenant's prompts and
 * answers never serve another), the endpoint URL and the exact request body. The API key is
 * left out: the same request to the same URL gets the same deterministic answer under any key.
 */
export function responseCacheKey(
  scope: string,
  endpoint: ModelEndpoint,
  body: Record<string, unknown>,
): string {
  return createHash("sha256")
    .update(scope)
    .update("\0")
    .update(endpoint.url)
    .update("\0")
    .update(JSON.stringify(body))
    .digest("base64url");
}
