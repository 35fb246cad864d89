import type { Annotation, ErrorBody, Judge, JudgeAnnotation } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  createTraceEvaluation,
  insertTraces,
  judgeBehavior,
  projectPath,
  startJudgingService,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreement } from "../../src/engine/stats/index.ts";
import { displayApiKey } from "../../src/platform/crypto/api-key-material.ts";
import { getJudge, insertVerdict, minuteAt, projectCaller, putLabel } from "./support.ts";

/** Labels through trace evaluations, a judge's labels, and its agreement with them. */

const GOAL = "The assistant must name the capital city the user asks about.";
const right = { input: "What is the capital of France?", output: "It is Paris." };
const wrong = { input: "What is the capital of France?", output: "It is Lyon." };

describe.each(DIALECTS)("annotations on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
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

  const newJudge = (): Promise<Judge> =>
    createJudge(service, tenant, {
      name: `Capitals ${++judgeNumber}`,
      evaluation_goal: GOAL,
      model_id: "acme/judge",
    });

  /** One trace judged by `judge` to the end; answers the trace and its evaluation ids. */
  async function judged(judge: Judge, record: Record<string, unknown>) {
    const [traceId] = (await insertTraces(service, tenant, [record])) as [string];
    const created = await createTraceEvaluation(service, tenant, {
      trace_id: traceId,
      judge_id: judge.id,
    });
    const done = await waitForTraceEvaluation(service, tenant, created.id);
    expect(done.status).toBe("success");
    return { traceId, evaluationId: created.id };
  }

  it("puts, replaces, reads and deletes the label of an evaluation's (judge, trace)", async () => {
    const judge = await newJudge();
    const { traceId, evaluationId } = await judged(judge, right);
    const path = `/trace-evaluations/${evaluationId}/annotation`;
    expect((await call("GET", path)).status).toBe(404);

    const first = await putLabel(call, evaluationId, {
      passed: false,
      score: 0.25,
      comment: "  Names Paris, but rudely.  ",
    });
    expect(first).toMatchObject({
      organization_id: tenant.org,
      project_id: tenant.project,
      judge_id: judge.id,
      trace_id: traceId,
      trace_evaluation_id: evaluationId,
      passed: false,
      score: 0.25,
      comment: "Names Paris, but rudely.",
    });
    expect(first.created_by).toBe(displayApiKey(tenant.key));
    expect(first.created_at).toBe(first.updated_at);

    // A second evaluation of the same pair reaches the same label, and a put replaces it whole.
    const again = await createTraceEvaluation(service, tenant, {
      trace_id: traceId,
      judge_id: judge.id,
    });
    service.clock.advance(1_000);
    const second = await putLabel(call, again.id, { passed: true });
    expect(second).toMatchObject({
      id: first.id,
      created_at: first.created_at,
      trace_evaluation_id: again.id,
      passed: true,
    });
    expect(second).not.toHaveProperty("score");
    expect(second).not.toHaveProperty("comment");
    expect(second.updated_at > first.updated_at).toBe(true);
    expect((await call<{ data: Annotation }>("GET", path)).body.data).toEqual(second);

    const deleted = await call("DELETE", path);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      status: "success",
      data: { organization_id: tenant.org, project_id: tenant.project, id: first.id },
    });
    expect((await call("GET", path)).status).toBe(404);
    const gone = await call("DELETE", `/trace-evaluations/${again.id}/annotation`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe("annotation not found");
  });

  it("answers 404 for an unknown evaluation and 400 naming a bad field", async () => {
    const missing = await call("PUT", "/trace-evaluations/no-such-id/annotation", {
      passed: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("trace evaluation not found");

    const judge = await newJudge();
    const { evaluationId } = await judged(judge, right);
    const path = `/trace-evaluations/${evaluationId}/annotation`;
    // Another tenant naming this evaluation under its own project finds nothing.
    const other = await tenantOf(service, (await service.admin.create({ organization: "B" })).key);
    const foreign = await service.call<ErrorBody>("PUT", `${projectPath(other)}${path}`, {
      apiKey: other.key,
      json: { passed: true },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe("trace evaluation not found");

    const badScore = await call("PUT", path, { passed: true, score: 1.5 });
    expect(badScore.status).toBe(400);
    expect(badScore.body.error.details?.[0]?.field).toBe("body.score");
    const noPassed = await call("PUT", path, { comment: "no verdict given" });
    expect(noPassed.body.error.details?.[0]).toEqual({
      field: "body.passed",
      message: "is required",
    });
    const extra = await call("PUT", path, { passed: true, label: "pass" });
    expect(extra.body.error.details?.[0]).toEqual({
      field: "body.label",
      message: "is not a known field",
    });
    expect((await call("GET", path)).status).toBe(404);
  });

  it("shows the judge's agreement with the labels: accuracy, κ and their intervals", async () => {
    const judge = await newJudge();
    // The fake judge passes the answers that name Paris.
    const traces = await Promise.all([
      judged(judge, right),
      judged(judge, right),
      judged(judge, right),
      judged(judge, wrong),
      judged(judge, wrong),
    ]);
    const labels = [true, true, false, false, true];
    const verdicts = [true, true, true, false, false];
    for (const [i, t] of traces.entries())
      await putLabel(call, t.evaluationId, { passed: labels[i] as boolean });
    // A label on a trace the judge has no verdict for counts, but is not compared.
    const [unjudged] = (await insertTraces(service, tenant, [right])) as [string];
    const failed = await insertVerdict(service, tenant, {
      judge_id: judge.id,
      trace_id: unjudged,
      status: "failure",
      at: service.clock.now().toISOString(),
    });
    await putLabel(call, failed, { passed: true });

    const expected = agreement(
      labels.map((human, i) => ({ human, judge: verdicts[i] as boolean })),
    );
    const shown = await getJudge(call, judge.id);
    expect(shown.annotation_count).toBe(6);
    expect(shown.agreement).toEqual({
      annotation_count: 6,
      compared: 5,
      agreements: 3,
      accuracy: 0.6,
      accuracy_interval: expected.accuracyInterval,
      kappa: expected.kappa,
      kappa_interval: expected.kappaInterval,
    });
    expect(shown.agreement.kappa).toBeCloseTo(1 / 6, 10);

    // The list shows every judge of the page with its own figures (one query for the page).
    const listed = await call<{ data: { judges: Judge[] } }>("GET", "/judges?page_size=500");
    const byId = new Map(listed.body.data.judges.map((j) => [j.id, j]));
    expect(byId.get(judge.id)?.agreement).toEqual(shown.agreement);
    const other = [...byId.values()].find((j) => j.id !== judge.id && j.annotation_count === 0);
    expect(other?.agreement).toEqual({
      annotation_count: 0,
      compared: 0,
      agreements: 0,
      accuracy: null,
      accuracy_interval: null,
      kappa: null,
      kappa_interval: null,
      kappa_undefined_reason: "no label has a verdict to compare with",
    });

    // An update answers the judge with its figures too.
    const updated = await call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
      name: `${shown.name} (renamed)`,
    });
    expect(updated.body.data.agreement).toEqual(shown.agreement);
  });

  it("compares each label with the judge's latest verdict on the trace", async () => {
    const judge = await newJudge();
    const [traceId] = (await insertTraces(service, tenant, [right])) as [string];
    const verdict = (status: "success" | "failure" | "pending", minute: number, passed?: boolean) =>
      insertVerdict(service, tenant, {
        judge_id: judge.id,
        trace_id: traceId,
        status,
        passed,
        at: minuteAt(minute),
      });
    await verdict("success", 1, true);
    await verdict("success", 2, false);
    // Newer evaluations without a verdict do not hide it.
    await verdict("failure", 3);
    const pending = await verdict("pending", 4);
    await putLabel(call, pending, { passed: false });

    const list = await call<{ data: { annotations: JudgeAnnotation[] } }>(
      "GET",
      `/judges/${judge.id}/annotations`,
    );
    expect(list.body.data.annotations).toEqual([
      expect.objectContaining({
        trace_evaluation_id: pending,
        passed: false,
        judge_passed: false,
        judge_score: 0.2,
        agrees: true,
      }),
    ]);
    expect((await getJudge(call, judge.id)).agreement).toMatchObject({
      compared: 1,
      agreements: 1,
    });
  });

  it("lists a judge's labels newest first, a page at a time, with the agreement", async () => {
    const judge = await newJudge();
    const passing = await judged(judge, right);
    const failing = await judged(judge, wrong);
    const [unjudged] = (await insertTraces(service, tenant, [wrong])) as [string];
    const pending = await insertVerdict(service, tenant, {
      judge_id: judge.id,
      trace_id: unjudged,
      status: "pending",
      at: service.clock.now().toISOString(),
    });
    await putLabel(call, passing.evaluationId, { passed: true, score: 1 });
    service.clock.advance(1_000);
    await putLabel(call, failing.evaluationId, { passed: true, comment: "Lyon is fine here" });
    service.clock.advance(1_000);
    await putLabel(call, pending, { passed: false });

    type Page = {
      data: { annotations: JudgeAnnotation[]; count: number; total: number; agreement: unknown };
    };
    const first = await call<Page>("GET", `/judges/${judge.id}/annotations?page_size=2`);
    expect(first.status).toBe(200);
    const [newest, middle] = first.body.data.annotations as [JudgeAnnotation, JudgeAnnotation];
    expect(newest.trace_id).toBe(unjudged);
    expect(newest).not.toHaveProperty("judge_passed");
    expect(newest).not.toHaveProperty("agrees");
    expect(middle).toMatchObject({
      trace_id: failing.traceId,
      passed: true,
      comment: "Lyon is fine here",
      judge_passed: false,
      judge_score: 0.1,
      agrees: false,
    });
    expect(first.body.data).toMatchObject({
      count: 2,
      total: 3,
      agreement: { annotation_count: 3, compared: 2, agreements: 1, accuracy: 0.5 },
    });
    const second = await call<Page>("GET", `/judges/${judge.id}/annotations?page=2&page_size=2`);
    expect(second.body.data.annotations).toEqual([
      expect.objectContaining({
        trace_id: passing.traceId,
        score: 1,
        judge_passed: true,
        judge_score: 0.9,
        agrees: true,
      }),
    ]);
    expect(second.body.data).toMatchObject({ count: 1, total: 3 });

    const unknown = await call("GET", "/judges/no-such-judge/annotations");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe("judge not found");
  });

  it("deletes a judge's labels with the judge", async () => {
    const judge = await newJudge();
    const { evaluationId } = await judged(judge, right);
    await putLabel(call, evaluationId, { passed: true });
    expect((await call("DELETE", `/judges/${judge.id}`)).status).toBe(200);
    const left = await service.running.deps.db
      .selectFrom("annotations")
      .select("id")
      .where("judge_id", "=", judge.id)
      .execute();
    expect(left).toEqual([]);
  });
});
