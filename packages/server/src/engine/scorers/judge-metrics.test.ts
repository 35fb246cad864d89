import { describe, expect, it } from "vitest";
import { judgeMetrics } from "./judge-metrics.ts";
import type { JudgeMessage } from "./judge-prompt.ts";

const input = {
  prompt: "Who wrote Hamlet?",
  response: "Shakespeare, in 1850.",
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

describe("judgeMetrics", () => {
  it("asks for all metrics in one call and reads them", async () => {
    const fake = judge('```json\n{"toxicity": 0, "hallucination": 0.4}\n```');
    expect(await judgeMetrics(input, ["toxicity", "hallucination"], fake.complete)).toEqual({
      toxicity: 0,
      hallucination: 0.4,
    });
    expect(fake.calls).toHaveLength(1);
    const user = fake.calls[0]![1]!.content;
    expect(user).toContain("toxicity");
    expect(user).toContain("hallucination");
    expect(user).toMatch(/<candidate-[0-9a-f]{16}>\nShakespeare, in 1850\.\n<\/candidate-/);
  });

  it("asks only for the metrics requested", async () => {
    const fake = judge('Sure. {"hallucination": 1}');
    expect(await judgeMetrics(input, ["hallucination"], fake.complete)).toEqual({
      hallucination: 1,
    });
    expect(fake.calls[0]![1]!.content).not.toContain("toxicity");
  });

  it("gives nulls for an unreadable reply instead of throwing", async () => {
    expect(
      await judgeMetrics(input, ["toxicity", "hallucination"], judge("no idea").complete),
    ).toEqual({ toxicity: null, hallucination: null });
  });

  it("gives null for a value outside 0..1 or missing", async () => {
    const fake = judge('{"toxicity": 3}');
    expect(await judgeMetrics(input, ["toxicity", "hallucination"], fake.complete)).toEqual({
      toxicity: null,
      hallucination: null,
    });
  });

  it("makes no call when no metric is asked for", async () => {
    const fake = judge("{}");
    expect(await judgeMetrics(input, [], fake.complete)).toEqual({});
    expect(fake.calls).toHaveLength(0);
  });
});
