import type { OptimizationStatus } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { ModelUnavailableError } from "../../gateway/model-unavailable-error.ts";
import type { JudgeMessage } from "../../scorers/index.ts";
import type {
  JudgeOptimizationStore,
  OpenOptimizationModels,
  OptimizationRunResult,
  OptimizationRunWork,
  StoredLabel,
} from "./judge-optimization-store.ts";
import { runJudgeOptimization } from "./run-judge-optimization.ts";

const ORIGINAL = "Judge whether the answer is a good one.";
const GOOD = "The answer must cite its source on a line starting with 'Source:'.";

/**
 * People pass an answer exactly when it cites a source; the original goal passes long ones, which
 * are the uncited: it agrees with no label, so the citing goal gains every held-out one (6 of 20
 * labels), which McNemar's exact test calls better than noise (p = 2/2⁶).
 */
const labels = (count: number): StoredLabel[] =>
  Array.from({ length: count }, (_, i) => {
    const cites = i % 2 === 0;
    const long = !cites;
    return {
      traceId: `trace-${String(i).padStart(2, "0")}`,
      passed: cites,
      comment: cites ? undefined : "No source.",
      trace: {
        record: {
          input: `question ${i}`,
          output: `${long ? "A long and detailed answer." : "Short."}${cites ? " Source: the manual" : ""}`,
        },
        format: "input_output",
      },
    };
  });

interface Run extends OptimizationRunWork {
  logs: string;
  actualCost: number;
  result?: OptimizationRunResult;
  description?: string;
}

/** The store as the repository behaves: guarded transitions over one run in memory. */
function memoryStore(
  run: Run | undefined,
  stored: StoredLabel[],
  options: { goneAfter?: number } = {},
) {
  const progress: string[] = [];
  const store: JudgeOptimizationStore = {
    find: async (id) => (run?.id === id ? { ...run } : undefined),
    start: async () => {
      if (run?.status !== "pending") return false;
      run.status = "in_progress";
      return true;
    },
    restart: async () => {
      if (run?.status !== "in_progress") return false;
      Object.assign(run, { logs: "", actualCost: 0 });
      return true;
    },
    labels: async (judgeId) => (judgeId === run?.judgeId ? stored : []),
    progress: async (_id, logs, actualCost) => {
      if (run?.status !== "in_progress") return false;
      if (options.goneAfter !== undefined && progress.length >= options.goneAfter) {
        run.status = "failure";
        return false;
      }
      progress.push(logs);
      Object.assign(run, { logs, actualCost });
      return true;
    },
    succeed: async (_id, result) => {
      if (run?.status !== "in_progress") return;
      Object.assign(run, { status: "success", result, logs: result.logs });
    },
    fail: async (_id, failure) => {
      if (run?.status !== "pending" && run?.status !== "in_progress") return;
      Object.assign(run, {
        status: "failure",
        description: failure.description,
        logs: failure.logs,
        actualCost: failure.actualCost,
      });
    },
  };
  return { store, progress };
}

const newRun = (status: OptimizationStatus = "pending"): Run => ({
  id: "run-1",
  status,
  judgeId: "judge-1",
  judgeModelId: "judge-model",
  originalGoal: ORIGINAL,
  budget: "light",
  estimatedCost: 0.05,
  logs: "",
  actualCost: 0,
});

/** Reads the goal and the trace out of a real judge prompt and applies the goal's rule. */
async function fakeJudge(messages: JudgeMessage[]): Promise<string> {
  const system = messages[0]?.content ?? "";
  const trace = messages[1]?.content ?? "";
  let passed = trace.includes("long and detailed");
  if (system.includes("must cite")) passed = trace.includes("Source:");
  return JSON.stringify({ reasoning: "Because.", score: passed ? 1 : 0, passed });
}

/** Both models, each costing a tenth of a cent per call. */
function fakeModels(optimizerGoal = GOOD) {
  const opened: (string | null)[] = [];
  const metered = (complete: (messages: JudgeMessage[]) => Promise<string>) => {
    let calls = 0;
    return {
      complete: async (messages: JudgeMessage[]) => {
        calls += 1;
        return complete(messages);
      },
      usage: () => ({
        promptTokens: calls,
        completionTokens: calls,
        cost: calls / 1000,
        latencyMs: 0,
      }),
      calls: () => calls,
    };
  };
  const judge = metered(fakeJudge);
  const optimizer = metered(async () =>
    JSON.stringify({ critique: "The goal never mentions sources.", goal: optimizerGoal }),
  );
  const open: OpenOptimizationModels = async (modelId) => {
    opened.push(modelId);
    return {
      judge: { key: "acme/judge", limits: { contextTokens: 8192, maxOutputTokens: 256 }, ...judge },
      optimizer: { key: "acme/optimizer", ...optimizer },
    };
  };
  return { open, opened, judge, optimizer };
}

const never = new AbortController().signal;

describe("runJudgeOptimization", () => {
  it("measures candidates against the labels, keeps the best and stores the result", async () => {
    const run = newRun();
    const { store, progress } = memoryStore(run, labels(20));
    const models = fakeModels();
    await runJudgeOptimization(
      { runId: "run-1", attempt: 1, signal: never },
      { store, openModels: models.open },
    );

    expect(run.status).toBe("success");
    expect(models.opened).toEqual(["judge-model"]);
    const result = run.result as OptimizationRunResult;
    expect(result.plan).toEqual({ rounds: 1, candidates: 3 });
    expect(result.annotationCount).toBe(20);
    expect(result.outcome.best?.goal).toBe(GOOD);
    expect(result.outcome.best?.heldOut.accuracy).toBe(1);
    expect(result.outcome.improved).toBe(true);
    expect(result.outcome.optimizedGoal).toBe(GOOD);
    // Every call of both models is paid for, and the logs say so.
    const calls = models.judge.calls() + models.optimizer.calls();
    expect(result.outcome.judgeCalls).toBe(models.judge.calls());
    expect(result.actualCost).toBeCloseTo(calls / 1000, 10);
    const lines = result.logs.split("\n");
    expect(lines[0]).toBe("judge model acme/judge, optimizer model acme/optimizer; 20 labels");
    expect(lines.at(-1)).toBe(`cost: $${(calls / 1000).toFixed(4)} (estimated $0.0500)`);
    // Progress was written after every step, each time with the lines so far.
    expect(progress.length).toBe(lines.length);
    expect(progress.at(-1)).toBe(result.logs);
    expect(progress[0]).toBe(lines[0]);
  });

  it("fails, saying why, when too few labels are left", async () => {
    const run = newRun();
    const models = fakeModels();
    await runJudgeOptimization(
      { runId: "run-1", attempt: 1, signal: never },
      { store: memoryStore(run, labels(9)).store, openModels: models.open },
    );
    const reason =
      "the judge has 9 annotations left (some were removed since the run was created); at least 10 are needed";
    expect(run).toMatchObject({
      status: "failure",
      description: reason,
      logs: `failed: ${reason}`,
    });
    expect(models.opened).toEqual([]);
  });

  it("fails when a model is unavailable, keeping the logs so far", async () => {
    const run = newRun();
    const failed: string[] = [];
    await runJudgeOptimization(
      { runId: "run-1", attempt: 2, signal: never },
      {
        store: memoryStore(run, labels(12)).store,
        openModels: async () => {
          throw new ModelUnavailableError("ASSAY_OPTIMIZER_MODEL names no known model: x/y");
        },
        onFailed: (id, reason) => failed.push(`${id}: ${reason}`),
      },
    );
    const reason = "a model is unavailable: ASSAY_OPTIMIZER_MODEL names no known model: x/y";
    expect(run.status).toBe("failure");
    expect(run.description).toBe(reason);
    expect(run.logs).toBe(`attempt 2: starting again from scratch\nfailed: ${reason}`);
    expect(failed).toEqual([`run-1: ${reason}`]);
  });

  it("starts a run found in progress again from scratch", async () => {
    const run = { ...newRun("in_progress"), logs: "stale", actualCost: 3 };
    await runJudgeOptimization(
      { runId: "run-1", attempt: 1, signal: never },
      { store: memoryStore(run, labels(12)).store, openModels: fakeModels().open },
    );
    expect(run.status).toBe("success");
    expect(run.logs.split("\n")[0]).toBe("attempt 1: starting again from scratch");
    expect(run.logs).not.toContain("stale");
  });

  it("leaves a finished or missing run alone", async () => {
    for (const run of [newRun("success"), newRun("failure"), undefined]) {
      const models = fakeModels();
      const before = run && { ...run };
      await runJudgeOptimization(
        { runId: "run-1", attempt: 1, signal: never },
        { store: memoryStore(run, labels(12)).store, openModels: models.open },
      );
      expect(run).toEqual(before);
      expect(models.opened).toEqual([]);
    }
  });

  it("stops quietly when the run is gone mid-run", async () => {
    const run = newRun();
    const models = fakeModels();
    await runJudgeOptimization(
      { runId: "run-1", attempt: 1, signal: never },
      { store: memoryStore(run, labels(20), { goneAfter: 2 }).store, openModels: models.open },
    );
    expect(run.result).toBeUndefined();
    expect(run.description).toBeUndefined();
    // Two steps were logged; the optimizer was never reached.
    expect(run.logs.split("\n")).toHaveLength(2);
    expect(models.optimizer.calls()).toBe(0);
  });

  it("throws an unexpected error for the job to retry, leaving the run in progress", async () => {
    const run = newRun();
    const { store } = memoryStore(run, labels(12));
    await expect(
      runJudgeOptimization(
        { runId: "run-1", attempt: 1, signal: never },
        {
          store: {
            ...store,
            labels: async () => {
              throw new Error("database is locked");
            },
          },
          openModels: fakeModels().open,
        },
      ),
    ).rejects.toThrow("database is locked");
    expect(run.status).toBe("in_progress");
  });
});
