import type { AnnotationQueueItem } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { createJudge, insertTraces } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertVerdict, minuteAt, projectCaller, putLabel } from "./support.ts";

/**
 * `GET …/judges/{id}/annotation-queue`: the order the annotation workspace labels traces in,
 * computed by the database: one item per trace, unlabelled traces first, then disagreements,
 * then the rest, each group oldest first, each item labelled through its verdict.
 */

type QueuePage = { data: { items: AnnotationQueueItem[]; count: number; total: number } };

describe.each(DIALECTS)("a judge's annotation queue on %s", (dialect) => {
  let service: TestService;
  let tenant: Tenant;
  const call = projectCaller(
    () => service,
    () => tenant,
  );

  beforeAll(async () => {
    service = await startTestService({ dialect });
    tenant = await tenantOf(service);
  });

  afterAll(async () => {
    await service?.close();
  });

  it("orders traces unlabelled, disagreeing, labelled, each oldest first, a page at a time", async () => {
    const judge = await createJudge(service, tenant, {
      name: "Queue",
      evaluation_goal: "The assistant must be kind.",
    });
    const other = await createJudge(service, tenant, {
      name: "Other",
      evaluation_goal: "The assistant must be brief.",
    });
    const [t1, t2, t3, t4, t5] = await insertTraces(
      service,
      tenant,
      ["one", "two", "three", "four", "five"].map((input) => ({ input, output: "ok" })),
    );
    const verdict = (
      trace: string,
      status: "success" | "failure" | "pending",
      minute: number,
      passed = true,
    ) =>
      insertVerdict(service, tenant, {
        judge_id: judge.id,
        trace_id: trace as string,
        status,
        passed,
        at: minuteAt(minute),
      });

    // t1: judged, not labelled.
    const e1 = await verdict(t1 as string, "success", 10);
    // t2: a verdict, then a re-run still pending: labelled through the verdict.
    const e2 = await verdict(t2 as string, "success", 20, false);
    await verdict(t2 as string, "pending", 50);
    // t3: the person says fail, the judge pass.
    const e3 = await verdict(t3 as string, "success", 5);
    await putLabel(call, e3, { passed: false });
    // t4: both pass. t5: labelled, but the judge never answered.
    const e4 = await verdict(t4 as string, "success", 30);
    await putLabel(call, e4, { passed: true });
    const e5 = await verdict(t5 as string, "failure", 40);
    await putLabel(call, e5, { passed: true });
    // Another judge's evaluation is not this judge's queue.
    await insertVerdict(service, tenant, {
      judge_id: other.id,
      trace_id: t1 as string,
      status: "success",
      passed: true,
      at: minuteAt(1),
    });

    const expected = [
      { trace_id: t1, trace_evaluation_id: e1, state: "unlabelled" },
      { trace_id: t2, trace_evaluation_id: e2, state: "unlabelled" },
      { trace_id: t3, trace_evaluation_id: e3, state: "disagrees" },
      { trace_id: t4, trace_evaluation_id: e4, state: "labelled" },
      { trace_id: t5, trace_evaluation_id: e5, state: "labelled" },
    ];
    const whole = await call<QueuePage>("GET", `/judges/${judge.id}/annotation-queue`);
    expect(whole.status).toBe(200);
    expect(whole.body.data).toEqual({ items: expected, count: 5, total: 5 });

    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await call<QueuePage>(
        "GET",
        `/judges/${judge.id}/annotation-queue?page=${page}&page_size=2`,
      );
      expect(res.body.data.total).toBe(5);
      pages.push(...res.body.data.items);
    }
    expect(pages).toEqual(expected);

    // Labelling the first trace moves it among the labelled, by its age.
    await putLabel(call, e1, { passed: true });
    const after = await call<QueuePage>("GET", `/judges/${judge.id}/annotation-queue`);
    expect(after.body.data.items.map((item) => [item.trace_id, item.state])).toEqual([
      [t2, "unlabelled"],
      [t3, "disagrees"],
      [t1, "labelled"],
      [t4, "labelled"],
      [t5, "labelled"],
    ]);
  });

  it("is empty for a judge that judged nothing, and 404 for another project's judge", async () => {
    const idle = await createJudge(service, tenant, {
      name: "Idle",
      evaluation_goal: "The assistant must be kind.",
    });
    const empty = await call<QueuePage>("GET", `/judges/${idle.id}/annotation-queue`);
    expect(empty.body.data).toEqual({ items: [], count: 0, total: 0 });

    const stranger = await tenantOf(
      service,
      (await service.admin.create({ organization: "Elsewhere" })).key,
    );
    const theirs = await service.call(
      "GET",
      `/organizations/${stranger.org}/projects/${stranger.project}/judges/${idle.id}/annotation-queue`,
      { apiKey: stranger.key },
    );
    expect(theirs.status).toBe(404);
  });

  // Found by the fuzz run: page 2^53 − 1 of 10,000 made an offset past what SQLite and
  // PostgreSQL take, a 500 on both.
  it("answers the largest page a client may ask for with an empty page", async () => {
    const judge = await createJudge(service, tenant, {
      name: "Far pages",
      evaluation_goal: "The assistant must be kind.",
    });
    await insertTraces(service, tenant, [{ input: "one", output: "ok" }]);
    const far = await call<QueuePage>(
      "GET",
      `/judges/${judge.id}/annotation-queue?page=${Number.MAX_SAFE_INTEGER}&page_size=10000`,
    );
    expect(far.status, JSON.stringify(far.body)).toBe(200);
    expect(far.body.data).toMatchObject({ items: [], count: 0 });
  });
});
