import type { FastifyRequest } from "fastify";
import { AppError } from "../app-error.ts";
import type { ApiKeyService, AuthContext } from "../resources/api-keys/service.ts";
import type { UiSessionService } from "../resources/ui-sessions/service.ts";
import { checkSameOrigin } from "./same-origin.ts";
import { sessionTokenFrom } from "./session-cookie.ts";

/** Longer than any key we issue or accept; hashing megabytes of header is not our job. */
const MAX_KEY_LENGTH = 512;

/** The API key from `x-api-key`, or from `Authorization: Bearer <key>` (same keys, either header). */
export function apiKeyFrom(request: FastifyRequest): string | undefined {
  const header = request.headers["x-api-key"];
  if (typeof header === "string" && header.trim() !== "") return header.trim();
  const authorization = request.headers.authorization;
  const bearer = authorization && /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return bearer ? bearer[1] : undefined;
}

export interface Authenticators {
  apiKeys: ApiKeyService;
  /** Dashboard sessions; absent when the dashboard is off. */
  sessions?: UiSessionService;
  /** The service's public origin, which cookie-authenticated requests must come from. */
  publicOrigin: string;
}

/**
 * The caller: an API key (`x-api-key`, then `Bearer`) exactly as before; without one, the
 * dashboard's session cookie, from the dashboard's own origin only.
 */
export async function authenticate(
  request: FastifyRequest,
  deps: Authenticators,
): Promise<AuthContext> {
  const key = apiKeyFrom(request);
  if (key) {
    const auth = key.length <= MAX_KEY_LENGTH ? await deps.apiKeys.authenticate(key) : undefined;
    if (!auth) throw new AppError("UNAUTHENTICATED", "invalid or revoked API key");
    return auth;
  }
  const token = deps.sessions && sessionTokenFrom(request);
  if (deps.sessions && token) {
    checkSameOrigin(request, deps.publicOrigin);
    const auth = await deps.sessions.authenticate(token);
    if (!auth) {
      throw new AppError(
        "UNAUTHENTICATED",
        "session expired or ended (signed out, or its API key was revoked): sign in again",
      );
    }
    return auth;
  }
  throw new AppError("UNAUTHENTICATED", "missing API key: send it in the x-api-key header");
}
