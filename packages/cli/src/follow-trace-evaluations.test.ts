import {
  type Client,
  type TraceEvaluation,
  type TraceEvaluationListParams,
  type TraceEvaluationResult,
  WaitTimeoutError,
} from "@assay/client";
import { describe, expect, it } from "vitest";
import { countVerdicts, followTraceEvaluations } from "./follow-trace-evaluations.ts";
import type { VerdictCounts } from "./output/judge-progress.ts";

/**
 * The waiting of `assay judge run --wait` against an in-memory stand-in for
 * `client.traceEvaluations`: which requests it makes, and what it ends with.
 */

const OLD = "2026-11-20T10:00:00.000Z";
const NOW = "2026-11-21T10:00:00.000Z";

function evaluation(id: string, status: TraceEvaluation["status"], created = NOW): TraceEvaluation {
  return {
    id,
    trace_id: `trace-${id}`,
    judge_id: "j-1",
    status,
    created_at: created,
    organization_id: "org-1",
    project_id: "proj-1",
    status_description: status === "failure" ? "judge model unreachable" : "",
  };
}

function result(id: string, passed: boolean): TraceEvaluationResult {
  return {
    id: `r-${id}`,
    trace_evaluation_id: id,
    trace_id: `trace-${id}`,
    judge_id: "j-1",
    score: passed ? 0.9 : 0.2,
    passed,
    reasoning: passed ? "fine" : "wrong",
    model: "fake/judge",
    turns: 1,
    latency_ms: 5,
    prompt_tokens: 10,
    completion_tokens: 5,
    total_cost: 0,
    created_at: NOW,
    steps: [],
    truncated: false,
  };
}

/**
 * The judge's evaluations, newest first: `ours` plus older ones of earlier runs. Each poll of
 * the list applies the next entry of `timeline` (id → status) first.
 */
function fakeService(
  ours: TraceEvaluation[],
  older: TraceEvaluation[],
  timeline: Record<string, TraceEvaluation["status"]>[],
) {
  const rows = [...ours, ...older].map((e) => ({ ...e }));
  const verdicts = new Map<string, boolean>();
  const calls: string[] = [];
  let polls = 0;
  const traceEvaluations = {
    async getMany(params: TraceEvaluationListParams) {
      const page = params.page ?? 1;
      const pageSize = params.pageSize ?? 20;
      if (page === 1) {
        for (const [id, status] of Object.entries(timeline[polls] ?? {})) {
          const row = rows.find((r) => r.id === id) as TraceEvaluation;
          row.status = status;
        }
        polls += 1;
      }
      calls.push(`list ${page}`);
      // An evaluation the list skips (as if paging shifted), to be read on its own.
      const listed = rows.filter((r) => r.id !== "hidden");
      const slice = listed.slice((page - 1) * pageSize, page * pageSize);
      return {
        traceEvaluations: slice.map((r) => ({ ...r })),
        count: slice.length,
        totalCount: listed.length,
        pagination: {
          page,
          pageSize,
          totalPages: Math.ceil(listed.length / pageSize),
          totalCount: listed.length,
        },
      };
    },
    async get(id: string) {
      calls.push(`get ${id}`);
      return { ...(rows.find((r) => r.id === id) as TraceEvaluation) };
    },
    async getResults(id: string) {
      calls.push(`result ${id}`);
      const passed = verdicts.get(id) ?? !id.endsWith("x");
      return result(id, passed);
    },
  };
  return { client: { traceEvaluations } as unknown as Client, calls };
}

describe("followTraceEvaluations", () => {
  it("reads states from the judge's list, verdicts once each, and answers in the order given", async () => {
    const ours = ["a", "bx", "c", "hidden"].map((id) => evaluation(id, "pending"));
    // 150 older evaluations of the same judge: the list's second page is never needed.
    const older = Array.from({ length: 150 }, (_, i) => evaluation(`old-${i}`, "success", OLD));
    const { client, calls } = fakeService(ours, older, [
      { a: "in_progress" },
      { a: "success", bx: "success", hidden: "failure" },
      { c: "success" },
    ]);
    const seen: VerdictCounts[] = [];
    const verdicts = await followTraceEvaluations(client, "j-1", ours, {
      intervalMs: 1,
      onProgress: (counts) => seen.push(counts),
    });

    expect(
      verdicts.map((v) => [v.traceEvaluation.id, v.traceEvaluation.status, v.result?.passed]),
    ).toEqual([
      ["a", "success", true],
      ["bx", "success", false],
      ["c", "success", true],
      ["hidden", "failure", undefined],
    ]);
    expect(seen.map((c) => [c.finished, c.passed, c.failed, c.errors])).toEqual([
      [0, 0, 0, 0],
      [3, 1, 1, 1],
      [4, 2, 1, 1],
    ]);
    expect(calls).toEqual([
      "list 1",
      "get hidden",
      "list 1",
      "get hidden",
      "result a",
      "result bx",
      "list 1",
      "result c",
    ]);
  });

  it("pages on until every open evaluation was seen", async () => {
    // 120 of ours: two pages of 100.
    const ours = Array.from({ length: 120 }, (_, i) => evaluation(`e-${i}`, "success"));
    const { client, calls } = fakeService(ours, [], []);
    const verdicts = await followTraceEvaluations(client, "j-1", ours, { intervalMs: 1 });
    expect(verdicts).toHaveLength(120);
    expect(calls.filter((c) => c.startsWith("list"))).toEqual(["list 1", "list 2"]);
    expect(calls.filter((c) => c.startsWith("result"))).toHaveLength(120);
  });

  it("gives up after timeoutMs with the counts so far, and stops on an abort", async () => {
    const ours = [evaluation("a", "pending"), evaluation("b", "success")];
    const { client } = fakeService(ours, [], []);
    const error = (await followTraceEvaluations(client, "j-1", ours, {
      intervalMs: 10,
      timeoutMs: 50,
    }).catch((e: unknown) => e)) as WaitTimeoutError<VerdictCounts>;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.last).toEqual({ total: 2, finished: 1, passed: 1, failed: 0, errors: 0 });

    const controller = new AbortController();
    const reason = new Error("Ctrl-C");
    const waiting = followTraceEvaluations(client, "j-1", ours, {
      intervalMs: 60_000,
      signal: controller.signal,
      onProgress: () => setTimeout(() => controller.abort(reason), 10),
    });
    await expect(waiting).rejects.toBe(reason);
  });

  it("without an interval, polls on the SDK's schedule: 0.5 s, slower as the wait goes on, at most 10 s", async () => {
    const ours = [evaluation("a", "pending")];
    const timeline = Array.from({ length: 24 }, () => ({}));
    const { client } = fakeService(ours, [], [...timeline, { a: "success" }]);
    const waits: number[] = [];
    let clock = 0;
    await followTraceEvaluations(client, "j-1", ours, {
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    expect(waits.map(Math.round)).toEqual([
      500, 500, 500, 500, 500, 500, 600, 720, 864, 1037, 1244, 1493, 1792, 2150, 2580, 3096, 3715,
      4458, 5350, 6420, 7704, 9244, 10_000, 10_000,
    ]);

    const fixed: number[] = [];
    const again = fakeService([evaluation("b", "pending")], [], [{}, {}, { b: "success" }]);
    await followTraceEvaluations(again.client, "j-1", [evaluation("b", "pending")], {
      intervalMs: 2_000,
      sleep: async (ms) => {
        fixed.push(ms);
      },
    });
    expect(fixed).toEqual([2_000, 2_000]);
  });
});

describe("countVerdicts", () => {
  it("counts passes, fails and runs that ended failure; pending ones are not finished", () => {
    expect(
      countVerdicts([
        { traceEvaluation: evaluation("a", "success"), result: result("a", true) },
        { traceEvaluation: evaluation("b", "success"), result: result("b", false) },
        { traceEvaluation: evaluation("c", "failure"), result: undefined },
        { traceEvaluation: evaluation("d", "in_progress"), result: undefined },
      ]),
    ).toEqual({ total: 4, finished: 3, passed: 1, failed: 1, errors: 1 });
  });
});
