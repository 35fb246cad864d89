import { describe, expect, it } from "vitest";
import { extractWithPattern, MAX_SCANNED_CHARS, truthReadings } from "./answer-pattern.ts";

describe("extractWithPattern", () => {
  it("takes the first capture group of the last match", () => {
    expect(extractWithPattern("#### 3 then #### 4", "####\\s*(\\d+)")).toEqual({
      kind: "match",
      value: "4",
    });
  });

  it("takes the whole match when the pattern has no group", () => {
    expect(extractWithPattern("id: x-12, id: y-7", "[a-z]-\\d+")).toEqual({
      kind: "match",
      value: "y-7",
    });
  });

  it("takes the first group that took part in the match", () => {
    const pattern = "answer: (\\w+)|final=(\\w+)";
    expect(extractWithPattern("final=blue", pattern)).toEqual({ kind: "match", value: "blue" });
  });

  it("survives zero-length matches", () => {
    expect(extractWithPattern("abc", "x*")).toEqual({ kind: "match", value: "" });
    // As matchAll: "", "1", "", "22", then "" at the end.
    expect(extractWithPattern("a1b22", "\\d*")).toEqual({ kind: "match", value: "" });
  });

  it("answers the same when a pattern comes again (its compiled form is reused)", () => {
    const pattern = "####\\s*(\\d+)";
    expect(extractWithPattern("a long answer that ends with #### 1234", pattern)).toEqual({
      kind: "match",
      value: "1234",
    });
    // A second use searches its own text from the beginning.
    expect(extractWithPattern("#### 5", pattern)).toEqual({ kind: "match", value: "5" });
    expect(extractWithPattern("text", "([a-")).toMatchObject({ kind: "invalid" });
    expect(extractWithPattern("text", "([a-")).toMatchObject({ kind: "invalid" });
  });

  it("reports no match and invalid patterns without throwing", () => {
    expect(extractWithPattern("nothing here", "\\d+")).toEqual({ kind: "no-match" });
    expect(extractWithPattern("text", "([a-")).toMatchObject({ kind: "invalid" });
  });

  it("scans only the tail of a huge response", () => {
    const response = `ANSWER-EARLY ${"x".repeat(MAX_SCANNED_CHARS)} done`;
    expect(extractWithPattern(response, "ANSWER-\\w+")).toEqual({ kind: "no-match" });
  });
});

describe("patterns the linear-time engine cannot run", () => {
  // Through the real scorer, `(a|aa)*\1c` took 62, 576 and 877 ms over truths of 30, 34 and 36
  // "a"s (minutes to hours at 50–60) on the thread that serves every request.
  it.each([
    ["a backreference", "(a|aa)*\\1c"],
    ["a named backreference", "(?<x>a|aa)*\\k<x>c"],
    ["a lookahead", "(?=(a|aa)*c)a"],
  ])("never runs %s, over the response or the truth", (_, pattern) => {
    const extraction = extractWithPattern("a".repeat(36), pattern);
    expect(extraction).toMatchObject({ kind: "invalid" });
    expect((extraction as { message: string }).message).toMatch(/linear time/);
    expect(truthReadings("a".repeat(36), pattern, (t) => t)).toEqual(["a".repeat(36)]);
  });

  it("still runs the patterns it can, lookbehind included", () => {
    expect(extractWithPattern("x=1 y=2", "(?<=y=)\\d")).toEqual({ kind: "match", value: "2" });
    expect(extractWithPattern("aaab7", "(?:a|aa)*(b\\d)")).toEqual({ kind: "match", value: "b7" });
  });
});
