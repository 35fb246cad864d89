import { describe, expect, it } from "vitest";
import { isLower, isUpper, PY, splitWhitespace, strip } from "./python-text.ts";

/** The places where Python's string semantics differ from JavaScript's, each pinned. */
describe("Python string semantics", () => {
  it("strips and splits on Python's whitespace, which has U+001C-U+001F and U+0085 but not U+FEFF", () => {
    expect(strip("\x1c\x85 text \u3000")).toBe("text");
    expect(strip("\ufefftext")).toBe("\ufefftext");
    expect(strip("**bold**", "*")).toBe("bold");
    expect(splitWhitespace("  a\x1fb\u2003c  ")).toEqual(["a", "b", "c"]);
    expect(splitWhitespace("   ")).toEqual([]);
  });

  it("isupper and islower need one cased character and none of the other case", () => {
    expect(isUpper("HELLO, 123")).toBe(true);
    expect(isUpper("ÉCOLE")).toBe(true);
    expect(isUpper("123")).toBe(false);
    expect(isUpper("HELLo")).toBe(false);
    expect(isUpper("ǅ")).toBe(false); // titlecase
    expect(isLower("straße 1")).toBe(true);
    expect(isLower("ß")).toBe(true);
    expect(isLower("...")).toBe(false);
  });

  it("reads \\w, \\b and \\d as Unicode, and ^/$ at newlines only", () => {
    expect("naïve café".match(new RegExp(`${PY.word}+`, "gu"))).toEqual(["naïve", "café"]);
    expect(new RegExp(`${PY.boundary}caf${PY.boundary}`, "u").test("café")).toBe(false);
    expect(new RegExp(`${PY.boundary}sad${PY.boundary}`, "u").test("so sad.")).toBe(true);
    expect(new RegExp(`^${PY.digit}+$`, "u").test("١٢٣")).toBe(true);
    const line = new RegExp(`${PY.lineStart}-${PY.any}*${PY.lineEnd}`, "gu");
    expect("- a\r- b\n- c".match(line)).toEqual(["- a\r- b", "- c"]);
  });
});
