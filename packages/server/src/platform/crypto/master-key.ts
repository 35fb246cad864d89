import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FILE_NAME = "master.key";

/**
 * The 32-byte key everything secret derives from: `ASSAY_MASTER_KEY` when configured, else a key
 * generated into the data dir on first start (mode 0600) and reused afterwards.
 */
export function loadOrCreateMasterKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const path = join(dataDir, FILE_NAME);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    // `wx` fails when the file exists: two processes starting at once keep the first key.
    writeFileSync(path, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const text = readFileSync(path, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${path} is not a 64-hex-character key`);
  return Buffer.from(text, "hex");
}

/** A subkey per purpose, so a key used to sign URLs can never decrypt secrets and vice versa. */
export function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), `assay/${purpose}`, 32));
}

/**
 * A non-secret fingerprint of the master key, stored in the database on first start: a process
 * started with another key (a forgotten ASSAY_MASTER_KEY on a second machine) is refused before it
 * could write secrets nobody can read back.
 */
export function masterKeyFingerprint(masterKey: Buffer): string {
  return createHmac("sha256", deriveKey(masterKey, "fingerprint"))
    .update("assay")
    .digest("hex")
    .slice(0, 32);
}
