import { createHash } from "node:crypto";

/** Namespace of catalog ids (a fixed random UUID): ids of other UUID v5 users never collide. */
const CATALOG_NAMESPACE = "6f1d7a52-3c1e-4b8e-9a57-0d2f4c1b8e93";

/**
 * The id of a catalog entry: a UUID v5 (RFC 9562, SHA-1 name-based) of its kind and key, so every
 * process and every installation gives `openai/gpt-4o` the same id without storing a mapping, and
 * an id never changes when the catalog file is edited around it.
 */
export function catalogId(kind: "model" | "benchmark", key: string): string {
  const hash = createHash("sha1")
    .update(Buffer.from(CATALOG_NAMESPACE.replaceAll("-", ""), "hex"))
    .update(`${kind}:${key}`, "utf8")
    .digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
