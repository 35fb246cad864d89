import { SCORER_NAMES } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { getScorer, isJudgeScorer, isSandboxScorer, UnknownScorerError } from "./registry.ts";

describe("scorer registry", () => {
  it("has a pure scorer for every protocol name but the judged and the sandboxed ones", () => {
    for (const name of SCORER_NAMES) {
      if (isJudgeScorer(name) || isSandboxScorer(name)) continue;
      expect(typeof getScorer(name), name).toBe("function");
    }
    expect(SCORER_NAMES.filter(isJudgeScorer)).toEqual(["llm_judge", "simpleqa"]);
    expect(SCORER_NAMES.filter(isSandboxScorer)).toEqual(["python_tests"]);
    expect(() => getScorer("python_tests")).toThrow(/runs code in the sandbox/);
  });

  it("scores through the registry", () => {
    const result = getScorer("numeric")({ response: "#### 1,234", truth: "1234", prompt: "" });
    expect(result.passed).toBe(true);
  });

  it("throws for unknown names and for the judge", () => {
    expect(() => getScorer("bleu")).toThrow(UnknownScorerError);
    expect(() => getScorer("llm_judge")).toThrow(/needs a judge model/);
    expect(() => getScorer("toString")).toThrow(UnknownScorerError);
  });
});
