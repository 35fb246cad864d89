import type { Annotation, Judge, TraceEvaluation } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  createTraceEvaluation,
  insertTraces,
  judgeBehavior,
  startJudgingService,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJudge, projectCaller } from "./support.ts";

/** `POST …/annotations/import`: many labels at once, all or nothing. */

const GOAL = "The assistant must name the capital city the user asks about.";
const right = { input: "What is the capital of France?", output: "It is Paris." };
const wrong = { input: "What is the capital of France?", output: "It is Lyon." };

interface Counts {
  created: number;
  updated: number;
  trace_evaluations_created: number;
}

describe.each(DIALECTS)("annotation import on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let judge: Judge;
  let judgeNumber = 0;
  const call = projectCaller(
    () => service,
    () => tenant,
  );

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: judgeBehavior() });
    service = await startJudgingService(dialect);
    tenant = await tenantOf(service);
    await createModel(service, tenant, fake.url, "acme/judge");
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  async function newJudge(): Promise<Judge> {
    judge = await createJudge(service, tenant, {
      name: `Capitals ${++judgeNumber}`,
      evaluation_goal: GOAL,
      model_id: "acme/judge",
    });
    return judge;
  }

  const importLabels = (annotations: unknown[]) =>
    call<{ data: Counts }>("POST", "/annotations/import", { annotations });

  const evaluationsOf = async (judgeId: string) =>
    (
      await call<{ data: { trace_evaluations: TraceEvaluation[] } }>(
        "GET",
        `/trace-evaluations?judge_id=${judgeId}&page_size=100`,
      )
    ).body.data.trace_evaluations;

  const labelThrough = async (evaluationId: string) =>
    (await call<{ data: Annotation }>("GET", `/trace-evaluations/${evaluationId}/annotation`)).body
      .data;

  it("labels traces, creating and running the evaluations that are missing", async () => {
    await newJudge();
    const [judgedTrace, t2, t3] = (await insertTraces(service, tenant, [right, wrong, right])) as [
      string,
      string,
      string,
    ];
    const existing = await createTraceEvaluation(service, tenant, {
      trace_id: judgedTrace,
      judge_id: judge.id,
    });
    await waitForTraceEvaluation(service, tenant, existing.id);

    const res = await importLabels([
      { trace_id: judgedTrace, judge_id: judge.id, passed: true },
      { trace_id: t2, judge_id: judge.id, passed: true, comment: "first thought" },
      { trace_id: t3, judge_id: judge.id, passed: false, score: 0.3 },
      // The same pair again: the last label wins.
      { trace_id: t2, judge_id: judge.id, passed: false, comment: "on reflection, Lyon is wrong" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "success",
      data: { created: 3, updated: 0, trace_evaluations_created: 2 },
    });

    // The label of a judged pair goes through its existing evaluation.
    expect(await labelThrough(existing.id)).toMatchObject({ trace_id: judgedTrace, passed: true });
    // The new evaluations were queued like POST …/trace-evaluations, and run.
    const created = (await evaluationsOf(judge.id)).filter((e) => e.id !== existing.id);
    expect(created.map((e) => e.trace_id).sort()).toEqual([t2, t3].sort());
    for (const evaluation of created) {
      expect(evaluation.judge_snapshot).toMatchObject({ name: judge.name, version: 1 });
      expect((await waitForTraceEvaluation(service, tenant, evaluation.id)).status).toBe("success");
    }
    const t2Label = await labelThrough(created.find((e) => e.trace_id === t2)!.id);
    expect(t2Label).toMatchObject({ passed: false, comment: "on reflection, Lyon is wrong" });
    expect(t2Label.trace_evaluation_id).toBe(created.find((e) => e.trace_id === t2)!.id);

    // Verdicts: pass, fail, pass; labels: pass, fail, fail.
    expect((await getJudge(call, judge.id)).agreement).toMatchObject({
      annotation_count: 3,
      compared: 3,
      agreements: 2,
    });

    // Again: labels are replaced, no evaluation is added.
    const again = await importLabels([{ trace_id: t3, judge_id: judge.id, passed: true }]);
    expect(again.body.data).toEqual({ created: 0, updated: 1, trace_evaluations_created: 0 });
    expect(await evaluationsOf(judge.id)).toHaveLength(3);
    expect((await getJudge(call, judge.id)).agreement).toMatchObject({ agreements: 3 });
  });

  it("refuses the whole import when a trace or judge is not the project's, naming the item", async () => {
    const own = await newJudge();
    const [t1, t2] = (await insertTraces(service, tenant, [right, wrong])) as [string, string];
    const other = await service.admin.create({ organization: "Other org" });
    const otherTenant = await tenantOf(service, other.key);
    const [foreignTrace] = (await insertTraces(service, otherTenant, [right])) as [string];

    const badTrace = await importLabels([
      { trace_id: t1, judge_id: own.id, passed: true },
      { trace_id: foreignTrace, judge_id: own.id, passed: true },
    ]);
    expect(badTrace.status).toBe(400);
    expect(badTrace.body.error).toEqual({
      message: `body.annotations.1.trace_id: no trace ${foreignTrace} in this project`,
      code: "VALIDATION_ERROR",
      details: [
        {
          field: "body.annotations.1.trace_id",
          message: `no trace ${foreignTrace} in this project`,
        },
      ],
    });

    const badJudge = await importLabels([
      { trace_id: t1, judge_id: own.id, passed: true },
      { trace_id: t2, judge_id: own.id, passed: true },
      { trace_id: t2, judge_id: "no-such-judge", passed: false },
    ]);
    expect(badJudge.status).toBe(400);
    expect(badJudge.body.error.details?.[0]?.field).toBe("body.annotations.2.judge_id");

    // Nothing of either import was written.
    expect(await evaluationsOf(own.id)).toEqual([]);
    expect((await getJudge(call, own.id)).annotation_count).toBe(0);
  });

  it("leaves nothing behind when the import fails after it began writing", async () => {
    const first = await newJudge();
    const second = await newJudge();
    const [t1, t2] = (await insertTraces(service, tenant, [right, wrong])) as [string, string];
    // The first judge's evaluations and job are written, then queuing the second's fails.
    const queue = service.running.deps.queue;
    const enqueue = queue.enqueue;
    let calls = 0;
    queue.enqueue = async (...args) => {
      calls += 1;
      if (calls === 2) throw new Error("the queue is down");
      return enqueue.apply(queue, args);
    };
    try {
      const res = await importLabels([
        { trace_id: t1, judge_id: first.id, passed: true },
        { trace_id: t2, judge_id: second.id, passed: false },
      ]);
      expect(res.status).toBe(500);
    } finally {
      queue.enqueue = enqueue;
    }
    expect(calls).toBe(2);
    expect(await evaluationsOf(first.id)).toEqual([]);
    expect((await getJudge(call, first.id)).annotation_count).toBe(0);
    expect((await getJudge(call, second.id)).annotation_count).toBe(0);
  });

  it("validates the items with the protocol schema", async () => {
    const own = await newJudge();
    const [t1] = (await insertTraces(service, tenant, [right])) as [string];
    const empty = await importLabels([]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.details?.[0]?.field).toBe("body.annotations");

    const noPassed = await importLabels([{ trace_id: t1, judge_id: own.id }]);
    expect(noPassed.body.error.details?.[0]).toEqual({
      field: "body.annotations.0.passed",
      message: "is required",
    });
    const unknownField = await importLabels([
      { trace_id: t1, judge_id: own.id, passed: true, label: "pass" },
    ]);
    expect(unknownField.body.error.details?.[0]?.field).toBe("body.annotations.0.label");
    expect((await getJudge(call, own.id)).annotation_count).toBe(0);
  });
});
