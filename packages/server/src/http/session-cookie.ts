import type { FastifyRequest } from "fastify";

/** The dashboard's session cookie. Its value is a random token; the server keeps only its hash. */
export const SESSION_COOKIE = "assay_session";

/** The token in the request's session cookie, if any (no cookie library for one name). */
export function sessionTokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      // Our tokens are base64url; anything else cannot be one of ours.
      return /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * HttpOnly: scripts (an XSS, a bad dependency) cannot read it. SameSite=Strict: other sites'
 * pages do not send it. No Max-Age: the server's sliding expiry is the one that counts. Path=/
 * because the API under its prefix is what the cookie authenticates.
 */
export function sessionCookie(token: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
}
