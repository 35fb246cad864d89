import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../app-error.ts";
import type { RateLimiter } from "../platform/rate-limit/rate-limiter.ts";
import type { ApiKeyService } from "../resources/api-keys/service.ts";
import type { UiSessionService } from "../resources/ui-sessions/service.ts";
import type { AuthContext } from "../tenancy.ts";
import { checkSameOrigin } from "./same-origin.ts";
import { clearedSessionCookies, readSessionCookie, SESSION_COOKIE } from "./session-cookie.ts";

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
  /** Failed authentications per client address (absent in bare test apps). */
  failureLimiter?: RateLimiter;
}

/**
 * The caller: an API key (`x-api-key`, then `Bearer`) exactly as before; without one, the
 * dashboard's session cookie, from the dashboard's own origin only. A request carrying several
 * session cookies is refused, and `reply` clears them: one was tossed in by another page of the
 * host, and taking either could run the dashboard as someone else.
 */
export async function authenticate(
  request: FastifyRequest,
  deps: Authenticators,
  reply: Pick<FastifyReply, "header">,
): Promise<AuthContext> {
  const key = apiKeyFrom(request);
  if (key) {
    const auth = key.length <= MAX_KEY_LENGTH ? await deps.apiKeys.authenticate(key) : undefined;
    if (!auth) await refuse(request, deps, "invalid or revoked API key");
    return auth as AuthContext;
  }
  const secure = deps.publicOrigin.startsWith("https:");
  const cookie = deps.sessions ? readSessionCookie(request, secure) : { kind: "none" as const };
  if (cookie.kind === "several") {
    reply.header("set-cookie", clearedSessionCookies(secure, request.url));
    await refuse(
      request,
      deps,
      `the request carries ${cookie.count} ${SESSION_COOKIE} cookies: another page of this host ` +
        "or domain set one (cookie tossing), so none is trusted; they are cleared: sign in again",
    );
  }
  if (deps.sessions && cookie.kind === "one") {
    checkSameOrigin(request, deps.publicOrigin);
    const auth = await deps.sessions.authenticate(cookie.token);
    if (!auth) {
      await refuse(
        request,
        deps,
        "session expired or ended (signed out, or its API key was revoked): sign in again",
      );
    }
    return auth as AuthContext;
  }
  throw new AppError("UNAUTHENTICATED", "missing API key: send it in the x-api-key header");
}

/**
 * A failed authentication: 401, or 429 once the client's address has failed too often. Only
 * failures count, so a valid key is never refused for its address (a NAT shared with a guesser),
 * while a guesser is slowed to the policy's pace and shows up as 429s in the logs.
 */
async function refuse(
  request: FastifyRequest,
  deps: Authenticators,
  message: string,
): Promise<never> {
  const decision = await deps.failureLimiter?.take(`auth-failure:${request.ip}`);
  if (decision && !decision.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      `too many failed authentications from this address; retry in ${decision.retryAfterSeconds} s`,
      { retryAfterSeconds: decision.retryAfterSeconds },
    );
  }
  throw new AppError("UNAUTHENTICATED", message);
}
