import type { TraceEvaluationStatus } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { ModelCallError } from "../../gateway/model-call-error.ts";
import { ModelUnavailableError } from "../../gateway/model-unavailable-error.ts";
import type { JudgeMessage } from "../../scorers/index.ts";
import { runTraceEvaluations } from "./run-trace-evaluations.ts";
import type {
  OpenedJudge,
  StoredTrace,
  TraceEvaluationOutcome,
  TraceEvaluationStore,
} from "./trace-evaluation-store.ts";

interface Row {
  status: TraceEvaluationStatus;
  traceId: string;
  goal: string;
  judgeModelId: string | null;
  outcome?: TraceEvaluationOutcome;
  reason?: string;
}

/** The store as the repository behaves: guarded transitions over rows in memory. */
function memoryStore(rows: Record<string, Row>, traces: Record<string, StoredTrace>) {
  const started: string[] = [];
  const store: TraceEvaluationStore = {
    find: async (id) => {
      const row = rows[id];
      return row && { ...row };
    },
    start: async (id) => {
      const row = rows[id];
      if (row?.status !== "pending") return;
      row.status = "in_progress";
      started.push(id);
    },
    findTrace: async (id) => traces[id],
    succeed: async (id, outcome) => {
      const row = rows[id];
      if (row?.status !== "in_progress") return;
      Object.assign(row, { status: "success", outcome });
    },
    fail: async (id, reason) => {
      const row = rows[id];
      if (row?.status !== "pending" && row?.status !== "in_progress") return;
      Object.assign(row, { status: "failure", reason });
    },
  };
  return { store, started };
}

const trace = (output: string): StoredTrace => ({
  record: { input: "What is the capital of France?", output },
  format: "input_output",
});

const traces = { paris: trace("Paris."), lyon: trace("Lyon.") };

const row = (traceId: string, status: TraceEvaluationStatus = "pending"): Row => ({
  status,
  traceId,
  goal: "The answer must name the right capital.",
  judgeModelId: "judge-model",
});

/** A judge that passes a trace naming Paris, with usage that adds up per call. */
function fakeJudge(reply?: (trace: string) => string) {
  const opened: (string | null)[] = [];
  let calls = 0;
  const open = async (modelId: string | null, _signal?: AbortSignal): Promise<OpenedJudge> => {
    opened.push(modelId);
    let used = 0;
    return {
      key: "acme/judge",
      limits: { contextTokens: 8192, maxOutputTokens: 256 },
      complete: async (messages: JudgeMessage[]) => {
        calls += 1;
        used += 1;
        const text = messages[1]?.content ?? "";
        if (reply) return reply(text);
        const passed = text.includes("Paris");
        return JSON.stringify({ reasoning: "Checked.", score: passed ? 1 : 0, passed });
      },
      usage: () => ({
        promptTokens: 100 * used,
        completionTokens: 10 * used,
        cost: 0.001 * used,
        latencyMs: 12.6 * used,
      }),
    };
  };
  return { open, opened, calls: () => calls };
}

const never = new AbortController().signal;

describe("runTraceEvaluations", () => {
  it("judges every unfinished evaluation once and records its verdict and usage", async () => {
    const rows = {
      a: row("paris"),
      b: row("lyon"),
      c: row("paris", "in_progress"),
      done: { ...row("lyon", "success") },
    };
    const { store, started } = memoryStore(rows, traces);
    const judge = fakeJudge();
    await runTraceEvaluations(["a", "b", "c", "done", "missing"], never, {
      store,
      openJudge: judge.open,
    });

    expect(started.sort()).toEqual(["a", "b"]);
    expect(judge.calls()).toBe(3);
    expect(rows.a.outcome).toEqual({
      reasoning: "Checked.",
      score: 1,
      passed: true,
      model: "acme/judge",
      turns: 1,
      truncated: false,
      usage: { promptTokens: 100, completionTokens: 10, cost: 0.001, latencyMs: 12.6 },
    });
    expect(rows.b).toMatchObject({ status: "success", outcome: { passed: false, score: 0 } });
    expect(rows.c).toMatchObject({ status: "success", outcome: { passed: true } });
    expect(rows.done.outcome).toBeUndefined();
    expect(judge.opened).toEqual(["judge-model", "judge-model", "judge-model"]);
  });

  it("fails an evaluation whose trace was deleted, without asking the judge", async () => {
    const rows = { a: row("gone") };
    const judge = fakeJudge();
    await runTraceEvaluations(["a"], never, {
      store: memoryStore(rows, traces).store,
      openJudge: judge.open,
    });
    expect(rows.a).toMatchObject({
      status: "failure",
      reason: "the trace was deleted before it could be judged",
    });
    expect(judge.calls()).toBe(0);
  });

  it("fails for good, saying why, on an unavailable model, a bad verdict or a failed call", async () => {
    const rows = {
      unavailable: { ...row("paris"), judgeModelId: "deleted-model" },
      prose: row("paris"),
      tripped: row("lyon"),
    };
    const failed: string[] = [];
    const judge = fakeJudge((text) => {
      if (text.includes("Lyon"))
        throw new ModelCallError("server_error", "HTTP 503 from the endpoint", {
          status: 503,
          retryable: true,
        });
      return "I think it passes.";
    });
    await runTraceEvaluations(["unavailable", "prose", "tripped"], never, {
      store: memoryStore(rows, traces).store,
      openJudge: async (modelId, signal) => {
        if (modelId === "deleted-model")
          throw new ModelUnavailableError("the provider acme is not configured: set ACME_KEY");
        return judge.open(modelId, signal);
      },
      onFailed: (id) => failed.push(id),
    });

    expect(rows.unavailable.reason).toBe(
      "the judge model is unavailable: the provider acme is not configured: set ACME_KEY",
    );
    expect(rows.prose.reason).toMatch(
      /^judge_bad_output: the judge's answer held no valid verdict, even after a repair turn \(.*\); its last answer began: "I think it passes\."$/,
    );
    expect(rows.tripped.reason).toBe(
      "the judge model call failed after its retries: HTTP 503 from the endpoint",
    );
    expect(failed.sort()).toEqual(["prose", "tripped", "unavailable"]);
  });

  it("judges the others after an unexpected error, then throws it for the job to retry", async () => {
    const rows = { a: row("paris"), b: row("paris"), c: row("paris") };
    const { store } = memoryStore(rows, traces);
    let thrown = false;
    const flaky: TraceEvaluationStore = {
      ...store,
      findTrace: async (id) => {
        if (rows.b.status === "in_progress" && rows.b.outcome === undefined && !thrown) {
          thrown = true;
          throw new Error("database is locked");
        }
        return store.findTrace(id);
      },
    };
    await expect(
      runTraceEvaluations(["b", "a", "c"], never, { store: flaky, openJudge: fakeJudge().open }),
    ).rejects.toThrow("database is locked");
    expect(rows.a.status).toBe("success");
    expect(rows.c.status).toBe("success");
    // Left in progress, as a crash would leave it: the retry judges it.
    expect(rows.b.status).toBe("in_progress");
    await runTraceEvaluations(["b", "a", "c"], never, {
      store: flaky,
      openJudge: fakeJudge().open,
    });
    expect(rows.b.status).toBe("success");
  });

  it("stops when its signal aborts: no new evaluation starts, a cancelled call is not a failure", async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `e${i}`);
    const rows: Record<string, Row> = Object.fromEntries(ids.map((id) => [id, row("paris")]));
    const stop = new AbortController();
    const judge = fakeJudge(() => {
      stop.abort(new Error("shutting down"));
      throw new ModelCallError("cancelled", "the model call was cancelled", { retryable: false });
    });
    await expect(
      runTraceEvaluations(ids, stop.signal, {
        store: memoryStore(rows, traces).store,
        openJudge: judge.open,
      }),
    ).rejects.toThrow("shutting down");
    const statuses = Object.values(rows).map((r) => r.status);
    expect(statuses).not.toContain("failure");
    expect(statuses).not.toContain("success");
    // At most the first wave (one per slot) began before the abort.
    expect(statuses.filter((s) => s === "in_progress").length).toBeLessThanOrEqual(8);
    expect(statuses.filter((s) => s === "pending").length).toBeGreaterThanOrEqual(12);
  });
});
