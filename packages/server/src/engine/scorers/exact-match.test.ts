import { describe, expect, it } from "vitest";
import { exactMatch } from "./exact-match.ts";

describe("exact match scorer", () => {
  it.each([
    ["Paris", "paris"],
    ["  Paris.  ", "Paris"],
    ['"Paris"', "Paris"],
    ["“Paris”.", "Paris"],
    ["**Paris**", "Paris"],
    ["New   York\nCity", "new york city"],
    ["ＰＡＲＩＳ", "Paris"],
    ["Paris", "Paris."],
  ])("%j equals truth %j", (response, truth) => {
    expect(exactMatch({ response, truth, prompt: "" })).toMatchObject({ score: 1, passed: true });
  });

  it.each([
    ["Paris, France", "Paris"],
    ["The answer is Paris", "Paris"],
    ["Pari", "Paris"],
  ])("%j differs from truth %j", (response, truth) => {
    expect(exactMatch({ response, truth, prompt: "" })).toMatchObject({ score: 0, passed: false });
  });

  it("compares the pattern's answer when a pattern is given", () => {
    const result = exactMatch({
      response: "Reasoning… Final: Rome. Hmm, Final: Paris",
      truth: "Paris",
      prompt: "",
      regexPattern: "Final: (\\w+)",
    });
    expect(result).toEqual({
      score: 1,
      passed: true,
      reason: 'pattern match "paris" equals truth "paris"',
      extracted: "paris",
    });
  });

  it("compares the whole response when the pattern finds nothing", () => {
    const result = exactMatch({
      response: "Paris",
      truth: "Paris",
      prompt: "",
      regexPattern: "Final: (\\w+)",
    });
    expect(result.passed).toBe(true);
    expect(result.reason).toContain("pattern did not match");
  });

  it("reports an invalid pattern", () => {
    const result = exactMatch({ response: "x", truth: "x", prompt: "", regexPattern: "(" });
    expect(result.passed).toBe(false);
    expect(result.reason).toMatch(/^invalid regex pattern/);
  });

  it("keeps its reason short", () => {
    const long = "word ".repeat(200);
    expect(
      exactMatch({ response: long, truth: "x", prompt: "" }).reason.length,
    ).toBeLessThanOrEqual(200);
  });
});
