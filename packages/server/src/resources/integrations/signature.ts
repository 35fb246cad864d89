import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Signatures in the style of Stripe's webhooks: the header `Assay-Signature` carries
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the integration's secret>`. The
 * timestamp is signed with the body, so a receiver that refuses old timestamps refuses replays.
 */

/** `whsec_` and 32 random bytes in hex: recognisable in a config file, 256 bits of entropy. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("hex")}`;
}

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (docs/integrations.md shows the same in Node and Python): true when a
 * `v1` of the header matches the body under the secret and `t` is within `toleranceSeconds` of now.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = Number(parts.find(([k]) => k === "t")?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split("v1=")[1] as string, "hex");
  return parts
    .filter(([k]) => k === "v1")
    .some(([, v]) => {
      const given = Buffer.from(v ?? "", "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}
