import { describe, expect, it } from "vitest";
import type { JudgeMessage } from "../scorers/index.ts";
import type { LabeledTrace } from "./measure-goal.ts";
import { OptimizationError } from "./optimization-error.ts";
import { optimizeGoal } from "./optimize-goal.ts";
import { plannedCalls } from "./plan.ts";
import { splitSizes } from "./split.ts";

/**
 * People pass an answer exactly when it cites a source; the vague original goal makes the fake
 * judge pass long answers instead, which agrees with people half of the time.
 */
const ORIGINAL = "Judge whether the answer is a good one.";
const GOOD = "The answer must cite its source on a line starting with 'Source:'.";

const items: LabeledTrace[] = Array.from({ length: 40 }, (_, i) => {
  const cites = i % 2 === 0;
  const long = i % 4 < 2;
  return {
    id: `trace-${String(i).padStart(2, "0")}`,
    passed: cites,
    comment: cites ? undefined : "No source.",
    renderedTrace: `user: question ${i}\nassistant: ${long ? "A long and detailed answer." : "Short."}${cites ? "\nSource: the manual" : ""}`,
  };
});

/** Reads the goal and the trace out of a real judge prompt and applies the goal's rule. */
async function fakeJudge(messages: JudgeMessage[]): Promise<string> {
  const system = messages[0]?.content ?? "";
  const goal = system.slice(
    system.indexOf("Evaluation goal:\n"),
    system.indexOf("Reply with only"),
  );
  const trace = /<trace-[0-9a-f]+>\n([\s\S]*)\n<\/trace-/.exec(messages[1]?.content ?? "")?.[1];
  if (trace === undefined) throw new Error("not a judge prompt");
  const cites = trace.includes("Source:");
  let passed = trace.includes("long and detailed");
  if (goal.includes("must cite")) passed = cites;
  if (goal.includes("inverse")) passed = !cites;
  // "Mostly": right on questions below 8 only, the vague rule elsewhere: a small, real gain.
  const question = Number(/question (\d+)/.exec(trace)?.[1]);
  if (goal.includes("mostly") && question < 8) passed = cites;
  return JSON.stringify({ reasoning: "Because.", score: passed ? 1 : 0, passed });
}

function fakeOptimizer(goals: () => string) {
  const prompts: JudgeMessage[][] = [];
  return {
    prompts,
    complete: async (messages: JudgeMessage[]) => {
      prompts.push(messages);
      return `Here it is:\n${JSON.stringify({ critique: "The goal never mentions sources.", goal: goals() })}`;
    },
  };
}

async function run(optimizer: (m: JudgeMessage[]) => Promise<string>, rounds = 3, candidates = 4) {
  const lines: string[] = [];
  const outcome = await optimizeGoal(
    { seed: "run-1", goal: ORIGINAL, items, plan: { rounds, candidates } },
    {
      judge: {
        complete: fakeJudge,
        limits: { contextTokens: 8192, maxOutputTokens: 256 },
        concurrency: 4,
      },
      optimizer,
      log: async (line) => {
        lines.push(line);
      },
    },
  );
  return { outcome, lines };
}

describe("optimizeGoal", () => {
  it("finds the rule people follow and reports it on the held-out labels", async () => {
    let calls = 0;
    const optimizer = fakeOptimizer(() => (++calls === 1 ? "Judge whether it is long." : GOOD));
    const { outcome, lines } = await run(optimizer.complete);

    expect(outcome.trainingCount).toBe(28);
    expect(outcome.heldOutCount).toBe(12);
    // Long answers are half of each label: the vague goal is a coin toss.
    expect(outcome.baseline.training.accuracy).toBeCloseTo(0.5, 1);
    const baseline = outcome.baseline.heldOut.accuracy as number;
    expect(baseline).toBeLessThan(0.75);
    expect(outcome.best?.goal).toBe(GOOD);
    expect(outcome.best?.training.accuracy).toBe(1);
    expect(outcome.best?.heldOut.accuracy).toBe(1);
    expect(outcome.improved).toBe(true);
    expect(outcome.optimizedGoal).toBe(GOOD);

    // The optimizer saw the original goal and real disagreements; never a held-out trace.
    const user = optimizer.prompts[0]?.[1]?.content ?? "";
    expect(user).toContain(ORIGINAL);
    expect(user).toMatch(/People's label: (PASS|FAIL)/);

    // Round 1 found a goal that agrees with every training label: round 2 stops.
    expect(lines[0]).toBe(
      "split: 28 labels (14 pass, 14 fail) for training, 12 labels (6 pass, 6 fail) held out",
    );
    expect(lines[1]).toMatch(/^baseline: training accuracy 0\.\d\d \[.*\], κ .* \(28 labels\)/);
    expect(lines).toContainEqual(
      expect.stringMatching(/^round 1\/3: candidate 2\/4 training accuracy 1\.00 .* — rewrite of/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^round 1\/3: candidate 3\/4 discarded: its goal is one already measured/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^round 1\/3: candidate 4\/4 training .* few-shot: 4 labeled training examples added to round 1 candidate 2/,
      ),
    );
    expect(lines).toContainEqual(
      "round 2/3: round 1 candidate 2 agrees with every training label; stopping here",
    );
    // Paired on the 12 held-out labels: 7 gained, none lost; McNemar exact p = 2/2⁷.
    expect(outcome.heldOutTest).toEqual({
      onlyCandidate: 7,
      onlyOriginal: 0,
      pValue: 2 / 128,
      improved: true,
    });
    expect(lines.at(-1)).toBe(
      `improved: +${((1 - baseline) * 100).toFixed(1)} points of held-out accuracy (7 held-out labels gained, 0 lost, McNemar exact p = 0.016); apply gives the judge the new goal`,
    );
    // Baseline on both sets, three candidates on training, the best on held-out.
    expect(outcome.judgeCalls).toBe(28 + 12 + 3 * 28 + 12);
    expect(outcome.optimizerCalls).toBe(3);
    expect(outcome.judgeCalls).toBeLessThan(
      plannedCalls({ rounds: 3, candidates: 4 }, splitSizes(20, 20)).judgeCalls,
    );
  });

  it("calls a gain within noise not measurably better, and keeps the original goal", async () => {
    let calls = 0;
    const optimizer = fakeOptimizer(() => `Judge mostly by the sources, take ${++calls}.`);
    const { outcome, lines } = await run(optimizer.complete, 1, 3);
    const best = outcome.best?.heldOut.agreements ?? 0;
    const original = outcome.baseline.heldOut.agreements;
    expect(best).toBeGreaterThan(original);
    const test = outcome.heldOutTest;
    expect(test).toMatchObject({
      onlyOriginal: 0,
      onlyCandidate: best - original,
      improved: false,
    });
    expect(test?.pValue).toBe(2 / 2 ** (best - original));
    expect(outcome.improved).toBe(false);
    expect(outcome.optimizedGoal).toBe(ORIGINAL);
    // +25 points, yet 3 labels gained and none lost happen by chance a quarter of the time.
    expect(lines.at(-1)).toBe(
      "not measurably better: +25.0 points of held-out accuracy (3 held-out labels gained, 0 lost, McNemar exact p = 0.25), within noise on 12 labels; apply keeps the original goal",
    );
  });

  it("keeps the original goal when every candidate is worse", async () => {
    let calls = 0;
    const optimizer = fakeOptimizer(
      () => `Judge the inverse of what looks right, take ${++calls}.`,
    );
    const { outcome, lines } = await run(optimizer.complete, 1, 3);
    expect(outcome.best?.training.accuracy).toBe(0);
    expect(outcome.best?.heldOut.accuracy).toBe(0);
    expect(outcome.improved).toBe(false);
    expect(outcome.optimizedGoal).toBe(ORIGINAL);
    const points = ((outcome.baseline.heldOut.accuracy as number) * 100).toFixed(1);
    expect(lines.at(-1)).toBe(
      `not improved: no candidate beat the original goal on the held-out labels (-${points} points); apply keeps the original goal`,
    );
    expect(optimizer.prompts).toHaveLength(2);
  });

  it("discards short goals and unreadable replies, and fails when nothing was usable", async () => {
    const replies = ["Too short"];
    const optimizer = async () => {
      const goal = replies.shift();
      return goal === undefined ? "I cannot help with that." : JSON.stringify({ goal });
    };
    const lines: string[] = [];
    await expect(
      optimizeGoal(
        { seed: "s", goal: ORIGINAL, items, plan: { rounds: 1, candidates: 2 } },
        {
          judge: {
            complete: fakeJudge,
            limits: { contextTokens: 8192, maxOutputTokens: 256 },
            concurrency: 2,
          },
          optimizer,
          log: async (line) => {
            lines.push(line);
          },
        },
      ),
    ).rejects.toThrow(OptimizationError);
    expect(lines).toContainEqual(
      "round 1/1: candidate 1/2 discarded: its goal has 9 characters, fewer than 10",
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^round 1\/1: candidate 2\/2 discarded: the optimizer's reply held no goal/,
      ),
    );
  });
});
