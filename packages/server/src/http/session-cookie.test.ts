import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { clearedSessionCookie, sessionCookie, sessionTokenFrom } from "./session-cookie.ts";

const withCookie = (cookie?: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;

describe("session cookie", () => {
  it("finds the session among other cookies", () => {
    expect(sessionTokenFrom(withCookie("a=1; assay_session=abc_DEF-123; b=2"))).toBe("abc_DEF-123");
    expect(sessionTokenFrom(withCookie("assay_session=xyz"))).toBe("xyz");
  });

  it("ignores absent, empty, look-alike and malformed cookies", () => {
    expect(sessionTokenFrom(withCookie())).toBeUndefined();
    expect(sessionTokenFrom(withCookie("other=1"))).toBeUndefined();
    expect(sessionTokenFrom(withCookie("assay_session="))).toBeUndefined();
    expect(sessionTokenFrom(withCookie("xassay_session=abc"))).toBeUndefined();
    expect(sessionTokenFrom(withCookie("assay_session=a%20b"))).toBeUndefined();
    expect(sessionTokenFrom(withCookie(`assay_session=${"a".repeat(200)}`))).toBeUndefined();
  });

  it("is HttpOnly and SameSite=Strict, Secure on request, and cleared with Max-Age=0", () => {
    expect(sessionCookie("t", false)).toBe("assay_session=t; Path=/; HttpOnly; SameSite=Strict");
    expect(sessionCookie("t", true)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(false)).toContain("Max-Age=0");
  });
});
