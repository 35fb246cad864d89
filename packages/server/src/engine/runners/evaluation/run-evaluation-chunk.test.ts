import { MemoryEvaluationStore } from "@assay/test-kit/memory-evaluation-store.ts";
import {
  createScriptedGateway,
  type ScriptedCall,
  testEndpoint,
  untilAborted,
} from "@assay/test-kit/scripted-gateway.ts";
import { TestClock } from "@assay/test-kit/test-clock.ts";
import { describe, expect, it } from "vitest";
import { ModelCallError } from "../../gateway/model-call-error.ts";
import type { EvaluationChunk, EvaluationPlan, StoredSample } from "./evaluation-store.ts";
import { createFailFastRegistry } from "./fail-fast-registry.ts";
import { type EvaluationRunnerDeps, runEvaluationChunk } from "./run-evaluation-chunk.ts";
import { PAST_DEADLINE } from "./run-guard.ts";

/** Prompts "what is n + 1?" whose truth is n + 1. */
const samples = (n: number): StoredSample[] =>
  Array.from({ length: n }, (_, i) => ({
    position: i,
    input: JSON.stringify(`what is ${i} + 1?`),
    inputText: `what is ${i} + 1?`,
    truth: String(i + 1),
    repeat: 0,
  }));

const plan = (overrides: Partial<EvaluationPlan> = {}): EvaluationPlan => ({
  endpoint: testEndpoint("model"),
  scorer: "exact_match",
  regexPattern: null,
  systemPrompt: null,
  instructions: null,
  metrics: [],
  scorers: [],
  concurrency: 4,
  cache: false,
  ...overrides,
});

const chunk = (from: number, to: number): EvaluationChunk => ({
  evaluationId: "ev-1",
  organizationId: "org-1",
  projectId: "proj-1",
  from,
  to,
});

/** The model answers every question right. */
const correct = (call: ScriptedCall) => {
  const n = Number(/what is (\d+)/.exec(call.messages.at(-1)!.content)?.[1]);
  return String(n + 1);
};

function setup(options: {
  samples: StoredSample[];
  plan?: EvaluationPlan | { unusable: string };
  answer?: (call: ScriptedCall, store: MemoryEvaluationStore, clock: TestClock) => unknown;
}) {
  const store = new MemoryEvaluationStore(options.samples, options.plan ?? plan());
  const clock = new TestClock();
  const answer = options.answer ?? correct;
  const gateway = createScriptedGateway(
    async (call) => (await answer(call, store, clock)) as string,
  );
  const watchErrors: unknown[] = [];
  const deps: EvaluationRunnerDeps = {
    store,
    gateway,
    clock,
    failFasts: createFailFastRegistry(),
    maxDurationSeconds: 3600,
    watchIntervalMs: 1,
    onWatchError: (error) => watchErrors.push(error),
  };
  const run = (c: EvaluationChunk, signal = new AbortController().signal) =>
    runEvaluationChunk(deps, c, signal);
  return { store, clock, gateway, deps, run, watchErrors };
}

const http401 = () =>
  new ModelCallError("http_error", "401 Unauthorized", {
    status: 401,
    retryable: false,
    detail: "invalid api key",
  });

describe("runEvaluationChunk", () => {
  it("starts the run with its deadline, scores every prompt and finalizes it", async () => {
    const { store, clock, run } = setup({ samples: samples(3) });
    const before = clock.now().getTime();
    expect(await run(chunk(0, 3))).toBe("ended");
    expect(store.status).toBe("success");
    expect(store.deadlineAt!.getTime()).toBeGreaterThanOrEqual(before + 3600_000);
    expect([...store.results.values()].map((r) => r.passed)).toEqual([true, true, true]);
  });

  it("runs only the chunk's prompts that have no result yet", async () => {
    const { store, gateway, run } = setup({ samples: samples(6) });
    store.status = "in-progress";
    await store.writeResults("ev-1", [
      {
        position: 1,
        response: "2",
        reasoning: null,
        score: 1,
        passed: true,
        reason: "",
        error: null,
        durationMs: 1,
        promptTokens: 1,
        completionTokens: 1,
        reasoningTokens: 0,
        cost: null,
        cached: false,
        metrics: {},
        scorerScores: null,
      },
    ]);
    await run(chunk(0, 3));
    expect(gateway.calls.map((c) => c.messages[0]!.content).sort()).toEqual([
      "what is 0 + 1?",
      "what is 2 + 1?",
    ]);
    expect([...store.results.keys()].sort()).toEqual([0, 1, 2]);
  });

  it("writes results in batches, not one write per prompt", async () => {
    const { store, run } = setup({ samples: samples(600), plan: plan({ concurrency: 8 }) });
    await run(chunk(0, 600));
    expect(store.results.size).toBe(600);
    expect(store.writes.length).toBeLessThan(600);
    expect(Math.max(...store.writes.map((w) => w.length))).toBeGreaterThan(1);
    expect(store.writes.flat()).toHaveLength(600);
  });

  it("leaves the run in progress until its last chunk, which finalizes it", async () => {
    const { store, run } = setup({ samples: samples(4) });
    await run(chunk(0, 2));
    expect(store.status).toBe("in-progress");
    expect(store.finalizeCalls).toBe(1);
    await run(chunk(2, 4));
    expect(store.status).toBe("success");
    expect(store.results.size).toBe(4);
  });

  it("stops a chunk whose run is cancelled, keeping the results written", async () => {
    const { store, gateway, run } = setup({
      samples: samples(5),
      plan: plan({ concurrency: 1 }),
      answer: async (call, store) => {
        if (!call.messages[0]!.content.startsWith("what is 2 ")) return correct(call);
        await store.resultsStored(2);
        store.cancel();
        return untilAborted(call.signal);
      },
    });
    expect(await run(chunk(0, 5))).toBe("ended");
    expect(store.status).toBe("cancelled");
    expect([...store.results.keys()]).toEqual([0, 1]);
    expect(gateway.calls).toHaveLength(3);
    expect(store.finalizeCalls).toBe(0);
  });

  it("ends a run that passes its deadline as a timeout", async () => {
    const { store, run } = setup({
      samples: samples(5),
      plan: plan({ concurrency: 1 }),
      answer: async (call, store, clock) => {
        if (!call.messages[0]!.content.startsWith("what is 1 ")) return correct(call);
        await store.resultsStored(1);
        clock.advance(3600_000);
        return untilAborted(call.signal);
      },
    });
    expect(await run(chunk(0, 5))).toBe("ended");
    expect(store.status).toBe("timeout");
    expect(store.description).toBe(PAST_DEADLINE);
    expect([...store.results.keys()]).toEqual([0]);
  });

  it("ends a run already past its deadline without calling the model", async () => {
    const { store, clock, gateway, run } = setup({ samples: samples(2) });
    store.status = "in-progress";
    store.deadlineAt = new Date(clock.now().getTime() - 1);
    await run(chunk(0, 2));
    expect(store.status).toBe("timeout");
    expect(gateway.calls).toHaveLength(0);
  });

  it("fails the run when the fail-fast trips, and stops its other chunks", async () => {
    const { store, gateway, run } = setup({
      samples: samples(40),
      plan: plan({ concurrency: 2 }),
      answer: () => {
        throw http401();
      },
    });
    const [first, second] = await Promise.all([run(chunk(0, 20)), run(chunk(20, 40))]);
    expect([first, second]).toEqual(["ended", "ended"]);
    expect(store.status).toBe("failure");
    expect(store.description).toMatch(/answered 401 five times in a row/);
    // The calls before the trip are failed prompts; the rest were never sent.
    expect(store.results.size).toBeLessThan(40);
    expect([...store.results.values()].every((r) => r.error === "401 Unauthorized")).toBe(true);
    // One count for the run: five failures in all trip it (not five per chunk), and the trip
    // stops both chunks, so at most the calls already in flight (two lanes each) follow.
    expect(gateway.calls.length).toBeLessThan(10);
  });

  it("fails the run at once when a model it needs cannot be called", async () => {
    const { store, gateway, run } = setup({
      samples: samples(2),
      plan: { unusable: "unknown model m-9" },
    });
    await run(chunk(0, 2));
    expect(store).toMatchObject({ status: "failure", description: "unknown model m-9" });
    expect(gateway.calls).toHaveLength(0);
  });

  it("hands the chunk back when the queue stops it", async () => {
    const stop = new AbortController();
    const { store, run } = setup({
      samples: samples(3),
      plan: plan({ concurrency: 1 }),
      answer: (call) => {
        if (!call.messages[0]!.content.startsWith("what is 1 ")) return correct(call);
        stop.abort(new Error("shutting down"));
        return untilAborted(call.signal);
      },
    });
    expect(await run(chunk(0, 3), stop.signal)).toBe("interrupted");
    expect(store.status).toBe("in-progress");
    expect(store.finalizeCalls).toBe(0);
  });

  it("does nothing for a run that has ended", async () => {
    const { store, gateway, run } = setup({ samples: samples(2) });
    store.cancel();
    expect(await run(chunk(0, 2))).toBe("ended");
    expect(gateway.calls).toHaveLength(0);
  });

  it("grades with the registry's model-graded scorer through the run's judge", async () => {
    const { store, gateway, run } = setup({
      samples: samples(2),
      plan: plan({
        scorer: "llm_judge",
        judge: testEndpoint("judge"),
        instructions: "Accept words.",
        metrics: ["readability", "toxicity"],
      }),
      answer: (call) => {
        if (call.model === "model") return correct(call);
        const user = call.messages[1]!.content;
        if (user.includes("Rate:")) return '{"toxicity": 0.25}';
        return '{"score": 1, "passed": true, "reason": "right"}';
      },
    });
    await run(chunk(0, 2));
    expect(store.status).toBe("success");
    expect(store.finalizedMetrics).toEqual(["readability", "toxicity"]);
    const result = store.results.get(0)!;
    expect(result).toMatchObject({ passed: true, reason: "right" });
    expect(result.metrics).toMatchObject({ toxicity: 0.25 });
    expect(Object.keys(result.metrics).sort()).toEqual(["readability", "toxicity"]);
    const judged = gateway.calls.filter((c) => c.model === "judge");
    expect(judged).toHaveLength(4);
    expect(judged.some((c) => c.messages[1]!.content.includes("Accept words."))).toBe(true);
  });

  it("fails the run when its judge answers 401 five times in a row, and says it was the judge", async () => {
    const { store, gateway, run } = setup({
      samples: samples(40),
      plan: plan({ concurrency: 2, scorer: "llm_judge", judge: testEndpoint("judge") }),
      answer: (call) => {
        if (call.model === "judge") throw http401();
        return correct(call);
      },
    });
    const [first, second] = await Promise.all([run(chunk(0, 20)), run(chunk(20, 40))]);
    expect([first, second]).toEqual(["ended", "ended"]);
    expect(store.status).toBe("failure");
    expect(store.description).toBe(
      "the judge model endpoint answered 401 five times in a row: invalid api key",
    );
    // Prompts scored before the trip are failed prompts, never wrong answers.
    const results = [...store.results.values()];
    expect(results.every((r) => r.error === "scoring failed: 401 Unauthorized")).toBe(true);
    expect(gateway.calls.filter((c) => c.model === "judge").length).toBeLessThan(10);
  });

  it("counts every prompt its judge could not score as failed, and a run of them fails", async () => {
    const { store, run } = setup({
      samples: samples(6),
      plan: plan({ scorer: "llm_judge", judge: testEndpoint("judge") }),
      answer: (call) => {
        if (call.model === "judge")
          throw new ModelCallError("server_error", "503 Service Unavailable", {
            status: 503,
            retryable: true,
          });
        return correct(call);
      },
    });
    await run(chunk(0, 6));
    const results = [...store.results.values()];
    expect(results).toHaveLength(6);
    expect(results.every((r) => r.error === "scoring failed: 503 Service Unavailable")).toBe(true);
    expect(results.every((r) => r.response !== "" && !r.passed)).toBe(true);
    // An outage is not a configuration error: no trip, every prompt recorded, then all failed.
    expect(store.status).toBe("failure");
    expect(store.description).toBe("");
  });

  it("does not count the judge's failures against the model, nor the model's against the judge", async () => {
    let judged = 0;
    const { store, run } = setup({
      samples: samples(12),
      plan: plan({ concurrency: 1, scorer: "llm_judge", judge: testEndpoint("judge") }),
      answer: (call) => {
        if (call.model !== "judge") return correct(call);
        judged += 1;
        // Four 401s, a verdict, four 401s, ...: never five in a row.
        if (judged % 5 !== 0) throw http401();
        return '{"score": 1, "passed": true, "reason": "right"}';
      },
    });
    await run(chunk(0, 12));
    expect(store.status).not.toBe("in-progress");
    expect(store.description ?? "").not.toMatch(/five times/);
    expect(store.results.size).toBe(12);
  });

  it("grades with each custom scorer's model, and fails only the grades of one that is gone", async () => {
    const { store, run } = setup({
      samples: samples(1),
      plan: plan({
        scorers: [
          { id: "tone", rubric: "Is it polite?", endpoint: testEndpoint("tone-model") },
          { id: "gone", rubric: "Is it short?", endpoint: new Error("unknown model m-2") },
        ],
      }),
      answer: (call) =>
        call.model === "tone-model"
          ? '{"score": 0.5, "passed": false, "reason": "curt"}'
          : correct(call),
    });
    await run(chunk(0, 1));
    expect(store.results.get(0)!.scorerScores).toEqual({
      tone: { score: 0.5, passed: false, reason: "curt" },
      gone: { score: null, passed: null, reason: "scorer failed: unknown model m-2" },
    });
  });
});
