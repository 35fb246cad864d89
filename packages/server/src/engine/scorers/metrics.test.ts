import { describe, expect, it } from "vitest";
import type { JudgeMessage } from "./judge-prompt.ts";
import { measureMetrics, needsJudge } from "./metrics.ts";
import { findScorer, modelGraded } from "./registry.ts";

const input = {
  prompt: "Who wrote Hamlet?",
  response: "Shakespeare wrote it.",
  truth: "Shakespeare",
};

function judge(reply: string) {
  const calls: JudgeMessage[][] = [];
  return {
    calls,
    complete: async (messages: JudgeMessage[]) => {
      calls.push(messages);
      return reply;
    },
  };
}

describe("model-graded scorers in the registry", () => {
  it("grades llm_judge with the judge found in the context", async () => {
    const fake = judge('{"score": 1, "passed": true, "reason": "same author"}');
    const scorer = findScorer("llm_judge");
    expect(scorer.judged).toBe(true);
    expect(
      await scorer.score({ ...input, instructions: "Be lenient." }, { judge: fake.complete }),
    ).toMatchObject({ score: 1, passed: true, reason: "same author" });
    expect(fake.calls[0]![1]!.content).toContain("Be lenient.");
  });

  it("refuses to grade without a judge", () => {
    expect(() => findScorer("llm_judge").score(input, {})).toThrow(/judge model/);
  });

  it("scores pure entries without a judge", async () => {
    const scorer = findScorer("contains");
    expect(scorer.judged).toBe(false);
    expect(await scorer.score(input, {})).toMatchObject({ passed: true });
  });

  it("wraps any judge-graded function as an entry", async () => {
    const entry = modelGraded(async (i, complete) => ({
      score: Number(await complete([{ role: "user", content: i.response }])),
      passed: true,
      reason: "scripted",
    }));
    expect(await entry.score(input, { judge: judge("0.75").complete })).toMatchObject({
      score: 0.75,
    });
  });
});

describe("metrics", () => {
  it("says which runs need a judge", () => {
    expect(needsJudge("exact_match", [])).toBe(false);
    expect(needsJudge("exact_match", ["readability"])).toBe(false);
    expect(needsJudge("exact_match", ["hallucination"])).toBe(true);
    expect(needsJudge("llm_judge", [])).toBe(true);
  });

  it("computes text metrics itself and rates judged ones in one judge call", async () => {
    const fake = judge('{"toxicity": 0, "hallucination": 0.5}');
    const values = await measureMetrics(["readability", "toxicity", "hallucination"], input, {
      judge: fake.complete,
    });
    expect(values).toMatchObject({ toxicity: 0, hallucination: 0.5 });
    expect(typeof values.readability).toBe("number");
    expect(fake.calls).toHaveLength(1);
  });

  it("skips names it does not know and judged metrics without a judge", async () => {
    expect(await measureMetrics(["bleu", "toxicity"], input, {})).toEqual({});
  });
});
