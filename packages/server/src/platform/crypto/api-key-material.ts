import { createHash, randomBytes } from "node:crypto";

/** Recognizable in logs, configs and secret scanners, like `sk_live_` or `ghp_`. */
export const API_KEY_PREFIX = "assay_";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A new API key: the prefix and 40 base62 characters (≈238 bits from the CSPRNG). */
export function generateApiKey(): string {
  let out = "";
  // Rejection sampling keeps every character uniform (256 is not a multiple of 62).
  while (out.length < 40) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && out.length < 40) out += BASE62[byte % 62];
    }
  }
  return API_KEY_PREFIX + out;
}

/**
 * What is stored: SHA-256 of the key. Keys are high-entropy random strings, so a fast hash is
 * enough (no dictionary to attack) and keeps the per-request lookup to one indexed equality.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** What may be shown after creation: enough to recognize a key, never enough to use it. */
export function displayApiKey(key: string): string {
  const head = key.startsWith(API_KEY_PREFIX)
    ? key.slice(0, API_KEY_PREFIX.length + 4)
    : key.slice(0, 4);
  return `${head}…${key.slice(-4)}`;
}
