import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import {
  clearedSessionCookies,
  readSessionCookie,
  sessionCookie,
  sessionCookieName,
} from "./session-cookie.ts";

const withCookie = (cookie?: string) => ({ headers: { cookie } }) as unknown as FastifyRequest;
const token = (cookie?: string, secure = false) => {
  const read = readSessionCookie(withCookie(cookie), secure);
  return read.kind === "one" ? read.token : read.kind;
};

describe("session cookie", () => {
  it("finds the session among other cookies", () => {
    expect(token("a=1; assay_session=abc_DEF-123; b=2")).toBe("abc_DEF-123");
    expect(token("assay_session=xyz")).toBe("xyz");
  });

  it("ignores absent, empty, look-alike and malformed cookies", () => {
    expect(token()).toBe("none");
    expect(token("other=1")).toBe("none");
    expect(token("assay_session=")).toBe("none");
    expect(token("xassay_session=abc")).toBe("none");
    expect(token("assay_session=a%20b")).toBe("none");
    expect(token(`assay_session=${"a".repeat(200)}`)).toBe("none");
  });

  it("reports several session cookies (one tossed in by another page of the host) as such", () => {
    // The browser sends the more specific path first: a cookie set for /api/v1 by a page on
    // another port of the same host came before the victim's own, and was taken.
    expect(token("assay_session=attacker; assay_session=victim")).toBe("several");
    expect(token("assay_session=attacker; a=1; assay_session=")).toBe("several");
  });

  it("is named __Host-assay_session on https, and only that name counts there", () => {
    expect(sessionCookieName(true)).toBe("__Host-assay_session");
    expect(sessionCookieName(false)).toBe("assay_session");
    expect(token("__Host-assay_session=mine", true)).toBe("mine");
    expect(token("assay_session=tossed; __Host-assay_session=mine", true)).toBe("mine");
    expect(token("assay_session=tossed", true)).toBe("none");
    expect(token("__Host-assay_session=mine", false)).toBe("none");
  });

  it("is HttpOnly and SameSite=Strict, Secure with the __Host- prefix on https, and cleared with Max-Age=0", () => {
    expect(sessionCookie("t", false)).toBe("assay_session=t; Path=/; HttpOnly; SameSite=Strict");
    expect(sessionCookie("t", true)).toBe(
      "__Host-assay_session=t; Path=/; HttpOnly; SameSite=Strict; Secure",
    );
    expect(clearedSessionCookies(false, "/")).toEqual([
      "assay_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0",
    ]);
  });

  it("clears the cookie at every path of the request a tossed cookie may have been set for", () => {
    expect(clearedSessionCookies(false, "/api/v1/organizations?x=1")).toEqual([
      "assay_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0",
      "assay_session=; Path=/api; HttpOnly; SameSite=Strict; Max-Age=0",
      "assay_session=; Path=/api/v1; HttpOnly; SameSite=Strict; Max-Age=0",
      "assay_session=; Path=/api/v1/organizations; HttpOnly; SameSite=Strict; Max-Age=0",
    ]);
    // A __Host- cookie has Path=/ and no Domain: one clear covers it.
    expect(clearedSessionCookies(true, "/api/v1/organizations")).toEqual([
      "__Host-assay_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure",
    ]);
  });
});
