import type { ErrorBody, Judge, ListJudgesResponse } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import {
  createTraceEvaluation,
  insertTraces,
  judgeBehavior,
  projectPath,
  startJudgingService,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const GOAL = "Pass when the answer names Paris; fail otherwise.";

/**
 * A fresh install has no ASSAY_DEFAULT_JUDGE_MODEL. A judge created with a name and a goal only
 * is stored without a model, is managed as any other, and its runs fail saying how to give it
 * one; once it has one, the same run succeeds.
 */
describe.each(DIALECTS)("judges without a model, no default judge model, on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let traceId: string;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: judgeBehavior() });
    service = await startJudgingService(dialect);
    tenant = await tenantOf(service);
    await createModel(service, tenant, fake.url, "acme/judge");
    [traceId = ""] = await insertTraces(service, tenant, [
      { input: "What is the capital of France?", output: "Paris." },
    ]);
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  const call = <T>(method: string, path: string, json?: unknown) =>
    service.call<T>(method, `${projectPath(tenant)}${path}`, { apiKey: tenant.key, json });

  async function createWithoutModel(name: string): Promise<Judge> {
    const created = await call<{ data: { id: string } }>("POST", "/judges", {
      name,
      evaluation_goal: GOAL,
    });
    expect(created.status).toBe(201);
    return (await call<{ data: Judge }>("GET", `/judges/${created.body.data.id}`)).body.data;
  }

  it("creates it without model fields, and updates, lists and deletes it", async () => {
    const judge = await createWithoutModel("No model");
    expect(judge).toMatchObject({ name: "No model", version: 1 });
    expect(judge).not.toHaveProperty("model_id");
    expect(judge).not.toHaveProperty("model_name");
    expect(judge.versions[0]).not.toHaveProperty("model_id");

    const renamed = await call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
      name: "Still no model",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: "Still no model", version: 2 });
    expect(renamed.body.data).not.toHaveProperty("model_id");

    const list = await call<ListJudgesResponse>("GET", "/judges");
    expect(list.body.data.judges.map((j) => j.id)).toContain(judge.id);

    expect((await call("DELETE", `/judges/${judge.id}`)).status).toBe(200);
    expect((await call("GET", `/judges/${judge.id}`)).status).toBe(404);
  });

  it("fails its trace evaluation naming the setting and judges.update, then runs once it has a model", async () => {
    const judge = await createWithoutModel("Model later");
    const first = await createTraceEvaluation(service, tenant, {
      trace_id: traceId,
      judge_id: judge.id,
    });
    const failed = await waitForTraceEvaluation(service, tenant, first.id);
    expect(failed.status).toBe("failure");
    expect(failed.status_description).toContain("ASSAY_DEFAULT_JUDGE_MODEL");
    expect(failed.status_description).toContain("judges.update(judge_id, model_id=...)");
    expect(fake.stats().requests).toBe(0);

    const updated = await call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
      model_id: "acme/judge",
    });
    expect(updated.body.data.model_id).toBeDefined();
    const second = await createTraceEvaluation(service, tenant, {
      trace_id: traceId,
      judge_id: judge.id,
    });
    const done = await waitForTraceEvaluation(service, tenant, second.id);
    expect(done.status).toBe("success");
  });

  it("answers estimates and optimizations of such a judge with a 400 saying the same", async () => {
    const judge = await createWithoutModel("Estimate me");
    const estimate = await call<ErrorBody>("POST", "/trace-evaluations/estimate", {
      trace_ids: [traceId],
      judge_id: judge.id,
    });
    expect(estimate.status).toBe(400);
    expect(estimate.body.error.message).toContain("ASSAY_DEFAULT_JUDGE_MODEL");
    expect(estimate.body.error.message).toContain("judges.update(judge_id, model_id=...)");

    const optimization = await call<ErrorBody>("POST", "/judge-optimizations/estimate", {
      judge_id: judge.id,
      budget: "light",
    });
    expect(optimization.status).toBe(400);
    expect(optimization.body.error.message).toContain("ASSAY_DEFAULT_JUDGE_MODEL");
  });

  it("still creates judges that name their model", async () => {
    const created = await call<{ data: { id: string } }>("POST", "/judges", {
      name: "Named",
      evaluation_goal: GOAL,
      model_id: "acme/judge",
    });
    expect(created.status).toBe(201);
  });
});
