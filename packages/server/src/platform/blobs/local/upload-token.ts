import { createHmac, timingSafeEqual } from "node:crypto";

/** What a local upload URL grants: one object, one content type, at most `size` bytes, until `exp`. */
export interface UploadGrant {
  objectKey: string;
  contentType: string;
  size: number;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Upload URLs for the local driver carry their own authorization: the grant, and an HMAC-SHA256
 * over it with a key derived from the master key. `<base64url(grant)>.<base64url(mac)>`.
 */
export function signUploadGrant(grant: UploadGrant, key: Buffer): string {
  const payload = Buffer.from(
    JSON.stringify({ k: grant.objectKey, t: grant.contentType, n: grant.size, e: grant.exp }),
  ).toString("base64url");
  return `${payload}.${mac(payload, key)}`;
}

/** The grant when the token is authentic, else undefined (expiry is the caller's check). */
export function verifyUploadToken(token: string, key: Buffer): UploadGrant | undefined {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(mac(payload, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const g = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    if (
      typeof g.k !== "string" ||
      typeof g.t !== "string" ||
      typeof g.n !== "number" ||
      typeof g.e !== "number"
    ) {
      return undefined;
    }
    return { objectKey: g.k, contentType: g.t, size: g.n, exp: g.e };
  } catch {
    return undefined;
  }
}

function mac(payload: string, key: Buffer): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}
