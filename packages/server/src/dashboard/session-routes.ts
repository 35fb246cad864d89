import { UI_SESSION_PATH, UiSignInSchema } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { AppError } from "../app-error.ts";
import { checkSameOrigin } from "../http/same-origin.ts";
import { clearedSessionCookies, readSessionCookie, sessionCookie } from "../http/session-cookie.ts";
import { parseRequestPart } from "../http/validation.ts";
import type { RateLimiter } from "../platform/rate-limit/rate-limiter.ts";
import type { UiSessionService } from "../resources/ui-sessions/service.ts";

/**
 * `POST /ui/session` exchanges an API key for a session cookie; `DELETE /ui/session` ends it.
 * They live beside the dashboard, not under the API prefix: they are the dashboard's own door,
 * not part of the wire protocol every client implements, and they go away with `ASSAY_UI=false`.
 * Both are held to the cookie's same-origin rules (a foreign page must not sign a browser in to
 * its own key, nor out).
 */
export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { sessions: UiSessionService; signInLimiter: RateLimiter; publicOrigin: string },
) {
  const secure = deps.publicOrigin.startsWith("https:");

  app.post(UI_SESSION_PATH, async (request, reply) => {
    checkSameOrigin(request, deps.publicOrigin);
    const { api_key } = parseRequestPart("body", UiSignInSchema, request.body);
    const token = await deps.sessions.create(api_key);
    if (!token) {
      // Only failures count, per client address (behind ASSAY_TRUST_PROXY's proxies, the
      // client's): a valid key is never refused because its address, or a NAT it shares, guessed.
      const decision = await deps.signInLimiter.take(`sign-in:${request.ip}`);
      if (!decision.allowed) {
        throw new AppError(
          "RATE_LIMITED",
          `too many failed sign-ins from this address; retry in ${decision.retryAfterSeconds} s`,
          { retryAfterSeconds: decision.retryAfterSeconds },
        );
      }
      throw new AppError("UNAUTHENTICATED", "invalid or revoked API key");
    }
    reply.header("set-cookie", sessionCookie(token, secure)).header("cache-control", "no-store");
    return reply.code(204).send();
  });

  app.delete(UI_SESSION_PATH, async (request, reply) => {
    checkSameOrigin(request, deps.publicOrigin);
    // With several cookies, none is known to be this browser's own: clear them, end none.
    const cookie = readSessionCookie(request, secure);
    if (cookie.kind === "one") await deps.sessions.end(cookie.token);
    reply.header("set-cookie", clearedSessionCookies(secure, request.url));
    return reply.code(204).send();
  });
}
