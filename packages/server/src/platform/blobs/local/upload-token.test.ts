import { describe, expect, it } from "vitest";
import { signUploadGrant, verifyUploadToken } from "./upload-token.ts";

const key = Buffer.alloc(32, 5);
const grant = {
  objectKey: "uploads/o/p/u",
  contentType: "application/jsonl",
  size: 10,
  exp: 1_900_000_000,
};

describe("upload tokens", () => {
  it("verify what they sign", () => {
    expect(verifyUploadToken(signUploadGrant(grant, key), key)).toEqual(grant);
  });

  it("refuse another key, a changed grant, and junk", () => {
    const token = signUploadGrant(grant, key);
    const [, mac] = token.split(".");
    const changed = Buffer.from(
      JSON.stringify({ k: grant.objectKey, t: grant.contentType, n: 11, e: grant.exp }),
    ).toString("base64url");
    expect(verifyUploadToken(token, Buffer.alloc(32, 6))).toBeUndefined();
    expect(verifyUploadToken(`${changed}.${mac}`, key)).toBeUndefined();
    for (const junk of ["", ".", "a.b.c", token.slice(0, -1), `${token}x`]) {
      expect(verifyUploadToken(junk, key)).toBeUndefined();
    }
  });
});
