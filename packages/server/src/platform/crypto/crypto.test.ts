import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API_KEY_PREFIX, displayApiKey, generateApiKey, hashApiKey } from "./api-key-material.ts";
import { deriveKey, loadOrCreateMasterKey, masterKeyFingerprint } from "./master-key.ts";
import { createSecretBox } from "./secret-box.ts";

describe("API key material", () => {
  it("generates prefixed, base62, distinct keys", () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{40}$`));
  });

  it("hashes with SHA-256 and shows only the head and the last four", () => {
    expect(hashApiKey("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(displayApiKey("assay_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn")).toBe("assay_ABCD…klmn");
    expect(displayApiKey("my-automation-key-123456")).toBe("my-a…3456");
  });
});

describe("master key", () => {
  it("is generated once into the data dir (0600) and reused", () => {
    const dir = mkdtempSync(join(tmpdir(), "assay-key-"));
    const first = loadOrCreateMasterKey(undefined, dir);
    const second = loadOrCreateMasterKey(undefined, dir);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    expect(statSync(join(dir, "master.key")).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, "master.key"), "utf8").trim()).toBe(first.toString("hex"));
  });

  it("prefers the configured key", () => {
    const configured = Buffer.alloc(32, 1);
    expect(loadOrCreateMasterKey(configured, "/nonexistent")).toBe(configured);
  });

  it("derives distinct subkeys per purpose and a stable fingerprint", () => {
    const master = Buffer.alloc(32, 9);
    expect(deriveKey(master, "a").equals(deriveKey(master, "b"))).toBe(false);
    expect(deriveKey(master, "a").equals(deriveKey(master, "a"))).toBe(true);
    expect(masterKeyFingerprint(master)).toBe(masterKeyFingerprint(Buffer.alloc(32, 9)));
    expect(masterKeyFingerprint(master)).not.toBe(masterKeyFingerprint(Buffer.alloc(32, 8)));
  });
});

describe("secret box", () => {
  const box = createSecretBox(Buffer.alloc(32, 3));

  it("round-trips, with a fresh IV each time, and never shows the plaintext", () => {
    const a = box.seal("sk-provider-secret");
    const b = box.seal("sk-provider-secret");
    expect(a).not.toBe(b);
    expect(a).not.toContain("sk-provider-secret");
    expect(a).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(box.open(a)).toBe("sk-provider-secret");
    expect(box.open(box.seal(""))).toBe("");
  });

  it("refuses tampered ciphertext and another key", () => {
    const sealed = box.seal("secret");
    const [v, iv, tag, ct] = sealed.split(":");
    const flipped = Buffer.from(ct as string, "base64");
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString("base64")].join(":"))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 4)).open(sealed)).toThrow();
    expect(() => box.open("plain")).toThrow("not a sealed secret");
  });

  it("binds a value to its context: copied to another row, it no longer opens", () => {
    const sealed = box.seal("sk-provider-secret", "model:a");
    expect(box.open(sealed, "model:a")).toBe("sk-provider-secret");
    expect(() => box.open(sealed, "model:b")).toThrow();
    expect(() => box.open(sealed)).toThrow();
  });
});
