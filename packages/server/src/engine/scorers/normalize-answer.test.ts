import { describe, expect, it } from "vitest";
import { normalizeAnswer } from "./normalize-answer.ts";

describe("normalizeAnswer", () => {
  it.each([
    ["  Hello   World  ", "hello world"],
    ['"Paris".', "paris"],
    ['"**Paris**."', "paris"],
    ["‘yes’", "yes"],
    ["`x = 1`", "x = 1"],
    ["ﬁnal", "final"],
    ["Wait...", "wait..."],
    ["3.", "3"],
    ['"', '"'],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(normalizeAnswer(input)).toBe(expected);
  });
});
