import { describe, expect, it } from "vitest";
import { linearTimeProblem } from "./regexp-backtracking.ts";

describe("linearTimeProblem", () => {
  it.each(["(a|aa)*\\1c", "(?<n>a)\\k<n>", "(?=a)a", "(?!b)a", "a{1000}", "(a{10}){10}"])(
    "refuses %s, saying why",
    (pattern) => {
      expect(linearTimeProblem(pattern)).toMatch(/^cannot run in linear time/);
    },
  );

  it.each([
    "####\\s*(-?[\\d,]*\\.?\\d+)",
    "\\b([A-D])\\b",
    "(?:a|aa)*(b\\d)",
    "(?<=answer: )\\w+",
    "a*?b",
    "\\p{L}+",
  ])("accepts %s", (pattern) => {
    expect(linearTimeProblem(pattern)).toBeUndefined();
  });

  it("leaves an invalid pattern to the syntax check", () => {
    expect(linearTimeProblem("([a-")).toBeUndefined();
  });
});
