import { describe, expect, it } from "vitest";
import { regexMatch } from "./regex-match.ts";

describe("regex scorer", () => {
  it("uses the last match: models restate before they answer", () => {
    const result = regexMatch({
      response: "Options: Answer: A? Answer: B? Let me think. Answer: C",
      truth: "C",
      prompt: "",
      regexPattern: "Answer: ([A-D])",
    });
    expect(result).toEqual({
      score: 1,
      passed: true,
      reason: 'extracted "c" equals truth "c"',
      extracted: "c",
    });
  });

  it("compares the whole match when the pattern has no group", () => {
    const input = { response: "code XK-19 then XK-22", truth: "xk-22", prompt: "" };
    expect(regexMatch({ ...input, regexPattern: "XK-\\d+" }).passed).toBe(true);
  });

  it("fails with no match, no pattern or an invalid pattern", () => {
    const input = { response: "nothing", truth: "x", prompt: "" };
    expect(regexMatch({ ...input, regexPattern: "\\d+" })).toEqual({
      score: 0,
      passed: false,
      reason: "no match for pattern",
      extracted: null,
    });
    expect(regexMatch({ ...input, regexPattern: null }).reason).toBe(
      "benchmark has no regex pattern",
    );
    expect(regexMatch({ ...input, regexPattern: "[" }).reason).toMatch(/^invalid regex pattern/);
  });

  it("reads the truth through the pattern when it stores a whole solution", () => {
    const result = regexMatch({
      response: "… so #### 18",
      truth: "She sells 9 eggs at $2.\n#### 18",
      prompt: "",
      regexPattern: "####\\s*(\\d+)",
    });
    expect(result.passed).toBe(true);
  });

  it("normalizes before comparing", () => {
    const result = regexMatch({
      response: 'Final answer: "New  York".',
      truth: "new york",
      prompt: "",
      regexPattern: "Final answer: (.+)",
    });
    expect(result.passed).toBe(true);
  });
});
