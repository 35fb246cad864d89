import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "./master-key.ts";

const VERSION = "v1";

/**
 * Encrypts secrets at rest (provider API keys) with AES-256-GCM: a random 96-bit IV per value and
 * the authentication tag stored beside the ciphertext, as `v1:<iv>:<tag>:<ciphertext>` (base64).
 * `context` (additional authenticated data, e.g. the owning row's id) binds a value to its place:
 * a ciphertext copied to another row or tenant no longer opens.
 */
export interface SecretBox {
  seal(plaintext: string, context?: string): string;
  open(sealed: string, context?: string): string;
}

export function createSecretBox(masterKey: Buffer): SecretBox {
  const key = deriveKey(masterKey, "secrets/v1");
  return {
    seal(plaintext, context = "") {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === "string" ? p : p.toString("base64")))
        .join(":");
    },
    open(sealed, context = "") {
      const [version, iv, tag, ciphertext] = sealed.split(":");
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error("not a sealed secret");
      }
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
      decipher.setAuthTag(Buffer.from(tag, "base64"));
      decipher.setAAD(Buffer.from(context, "utf8"));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, "base64")),
        decipher.final(),
      ]).toString("utf8");
    },
  };
}
