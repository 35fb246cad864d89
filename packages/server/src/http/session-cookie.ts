import type { FastifyRequest } from "fastify";

/** The dashboard's session cookie. Its value is a random token; the server keeps only its hash. */
export const SESSION_COOKIE = "assay_session";

/**
 * The cookie's name: on https, with the `__Host-` prefix, which browsers accept only from this
 * very host over https, with `Path=/` and no `Domain` — so neither a sibling subdomain nor a
 * plain-http page (another port of the host) can set one. Cookies know no ports: a page served
 * over https on another port of the same host could still replace it, as it could any cookie.
 */
export const sessionCookieName = (secure: boolean): string =>
  secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

/**
 * What the request's cookies say about the session: none, one token, or several cookies of the
 * session's name. Several means one was tossed in by another page of the host or domain (set for
 * a longer path, it comes first, and taking the first ran the victim's dashboard as its setter):
 * then none is trusted.
 */
export type SessionCookieRead =
  | { kind: "none" }
  | { kind: "one"; token: string }
  | { kind: "several"; count: number };

/** The session cookie of the request (no cookie library for one name). */
export function readSessionCookie(request: FastifyRequest, secure: boolean): SessionCookieRead {
  const header = request.headers.cookie;
  if (!header) return { kind: "none" };
  const name = sessionCookieName(secure);
  const values: string[] = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  if (values.length > 1) return { kind: "several", count: values.length };
  const value = values[0];
  // Our tokens are base64url; anything else cannot be one of ours.
  return value !== undefined && /^[A-Za-z0-9_-]{1,128}$/.test(value)
    ? { kind: "one", token: value }
    : { kind: "none" };
}

/**
 * HttpOnly: scripts (an XSS, a bad dependency) cannot read it. SameSite=Strict: other sites'
 * pages do not send it. No Max-Age: the server's sliding expiry is the one that counts. Path=/
 * because the API under its prefix is what the cookie authenticates (and `__Host-` requires it).
 */
export function sessionCookie(token: string, secure: boolean): string {
  return `${sessionCookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/**
 * Set-Cookie values that clear the session cookie wherever a cookie sent with a request for
 * `url` may live: at `/` and at each leading part of its path, the whole path included (a tossed
 * cookie is set for a path the request is under, or it would not have come), eight at most. A
 * `__Host-` cookie lives at `/` only. A cookie set for a parent domain cannot be cleared from
 * here, only refused.
 */
export function clearedSessionCookies(secure: boolean, url: string): string[] {
  const clear = (path: string) =>
    `${sessionCookieName(secure)}=; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=0${secure ? "; Secure" : ""}`;
  if (secure) return [clear("/")];
  const segments = (url.split("?")[0] ?? "").split("/").filter((s) => s !== "");
  const paths = segments.slice(0, 8).map((_, i) => `/${segments.slice(0, i + 1).join("/")}`);
  return [clear("/"), ...paths.map(clear)];
}
