import { createHash } from "node:crypto";
import type { RequestProfile } from "./profiles/request-profile.ts";

/** Where and how to call one OpenAI-compatible chat-completions endpoint. Treat as immutable. */
export interface ModelEndpoint {
  /** Full chat-completions URL, e.g. https://api.openai.com/v1/chat/completions */
  url: string;
  /** Sent as `Authorization: Bearer`; never logged, never part of an error message. */
  apiKey?: string;
  /** The `model` value sent. */
  model: string;
  /** The answer's token bound (reasoning included): the model's own, else its profile's default. */
  maxTokens: number;
  extraPayload?: Record<string, unknown> | null;
  /** How the model is asked and read; any OpenAI-compatible server's rules when absent. */
  profile?: RequestProfile;
  /**
   * Every parameter sent beside `model` and `messages`, when fixed in advance: a run sends what
   * it recorded when it was created. Else derived from the profile, `maxTokens` and `extraPayload`.
   */
  parameters?: Record<string, unknown>;
  /** Catalog providers are trusted config: no outbound address policy. Custom model URLs are checked. */
  trusted: boolean;
  /** USD per token: the catalog's, or a custom model's own; null when the model has none. */
  prices?: { input: number; output: number } | null;
}

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

// Endpoints are built once per run and used for thousands of calls: hash each object once.
const identities = new WeakMap<ModelEndpoint, string>();

/**
 * A stable id per endpoint URL + API key, the same in every process (concurrency limits are
 * shared through the database under it). A hash, so the key never leaves this function.
 */
export function endpointIdentity(endpoint: ModelEndpoint): string {
  let identity = identities.get(endpoint);
  if (identity === undefined) {
    identity = createHash("sha256")
      .update(endpoint.url)
      .update("\0")
      .update(endpoint.apiKey ?? "")
      .digest("base64url");
    identities.set(endpoint, identity);
  }
  return identity;
}
