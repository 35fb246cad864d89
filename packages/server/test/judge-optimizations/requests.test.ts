import type { ErrorBody, Judge, JudgeOptimizationRun } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import {
  CITING_GOAL,
  createOptimization,
  getOptimization,
  labelTraces,
  optimizationBehavior,
  VAGUE_GOAL,
} from "@assay/test-kit/judge-optimization-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { createJudge, projectPath } from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../src/engine/gateway/gateway.ts";
import { createRunJudgeOptimizationJob } from "../../src/jobs/run-judge-optimization.ts";

/**
 * The optimization routes without workers (runs stay `pending` unless a test runs the job by
 * hand): validation, estimates, listing, tenancy, apply's refusals, and the job's idempotence.
 */
describe.each(DIALECTS)("judge optimization requests on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let judges = 0;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: optimizationBehavior(() => CITING_GOAL) });
    service = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    tenant = await tenantOf(service);
    await createModel(service, tenant, fake.url, "acme/judge");
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  const P = () => projectPath(tenant);
  const post = <T>(path: string, json: unknown, key = tenant.key) =>
    service.call<T>("POST", `${P()}${path}`, { apiKey: key, json });
  const errorOf = (res: { body: unknown }) => (res.body as ErrorBody).error;
  const newJudge = (labels: number, modelId = "acme/judge"): Promise<Judge> =>
    createJudge(service, tenant, {
      name: `Judge ${++judges}`,
      evaluation_goal: VAGUE_GOAL,
      model_id: modelId,
    }).then(async (judge) => {
      if (labels > 0) await labelTraces(service, tenant, judge.id, labels);
      return judge;
    });

  describe("validation", () => {
    it("refuses a budget other than light, medium, heavy with a 400 naming the field", async () => {
      const judge = await newJudge(12);
      for (const budget of ["low", "high", "", 3]) {
        for (const path of ["/judge-optimizations", "/judge-optimizations/estimate"]) {
          const res = await post(path, { judge_id: judge.id, budget });
          expect(res.status, JSON.stringify(budget)).toBe(400);
          expect(errorOf(res)).toMatchObject({ code: "VALIDATION_ERROR" });
          expect(errorOf(res).message).toMatch(/^body\.budget: /);
        }
      }
      const extra = await post("/judge-optimizations", { judge_id: judge.id, rounds: 9 });
      expect(extra.status).toBe(400);
      const missing = await post("/judge-optimizations", { budget: "light" });
      expect(errorOf(missing).message).toMatch(/body\.judge_id/);
    });

    it("refuses to optimize a judge with fewer than 10 annotations, naming the count", async () => {
      const judge = await newJudge(3);
      const res = await post("/judge-optimizations", { judge_id: judge.id });
      expect(res.status).toBe(400);
      expect(errorOf(res).message).toMatch(
        /^body\.judge_id: the judge has 3 annotations; an optimization needs at least 10/,
      );
      const none = await post("/judge-optimizations", { judge_id: (await newJudge(0)).id });
      expect(errorOf(none).message).toMatch(/the judge has 0 annotations/);
      // The estimate still answers, with the count.
      const estimate = await post<{ data: { annotation_count: number } }>(
        "/judge-optimizations/estimate",
        { judge_id: judge.id },
      );
      expect(estimate.status).toBe(200);
      expect(estimate.body.data.annotation_count).toBe(3);
    });

    it("answers 404 for an unknown judge or run", async () => {
      const missing = "00000000-0000-4000-8000-000000000000";
      const create = await post("/judge-optimizations", { judge_id: missing });
      expect(create.status).toBe(404);
      expect(errorOf(create).message).toBe("judge not found");
      const get = await service.call("GET", `${P()}/judge-optimizations/${missing}`);
      expect(get.status).toBe(404);
      expect(errorOf(get).message).toBe("optimization run not found");
      expect((await post(`/judge-optimizations/${missing}/apply`, {})).status).toBe(404);
    });
  });

  describe("estimate", () => {
    it("counts the calls the budget plans and prices them with the judge model", async () => {
      const judge = await newJudge(40, "openai/gpt-4o-mini");
      const estimates: Record<string, { estimated_cost: number; judge_calls: number }> = {};
      for (const budget of ["light", "medium", "heavy"]) {
        const res = await post<{
          data: {
            estimated_cost: number;
            annotation_count: number;
            budget: string;
            judge_calls: number;
            optimizer_calls: number;
          };
        }>("/judge-optimizations/estimate", { judge_id: judge.id, budget });
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ annotation_count: 40, budget });
        estimates[budget] = res.body.data;
      }
      // 28 training labels, 12 held out; the last candidate of a round is a few-shot variant.
      expect(estimates.light?.judge_calls).toBe(4 * 28 + 24);
      expect(estimates.medium?.judge_calls).toBe(13 * 28 + 24);
      expect(estimates.heavy?.judge_calls).toBe(31 * 28 + 24);
      const cost = (b: string) => estimates[b]?.estimated_cost ?? 0;
      expect(cost("light")).toBeGreaterThan(0);
      expect(cost("medium")).toBeGreaterThan(cost("light"));
      expect(cost("heavy")).toBeGreaterThan(cost("medium"));
      // The budget defaults to medium.
      const byDefault = await post<{ data: { budget: string; estimated_cost: number } }>(
        "/judge-optimizations/estimate",
        { judge_id: judge.id },
      );
      expect(byDefault.body.data).toMatchObject({
        budget: "medium",
        estimated_cost: cost("medium"),
      });

      // The run keeps the estimate it was created with.
      const run = await createOptimization(service, tenant, {
        judge_id: judge.id,
        budget: "light",
      });
      expect((await getOptimization(service, tenant, run.id)).estimated_cost).toBe(cost("light"));
    });
  });

  describe("runs", () => {
    it("are created pending with the judge's snapshot, listed newest first with total", async () => {
      const a = await newJudge(10);
      const b = await newJudge(10);
      const created: string[] = [];
      for (const budget of ["light", "medium", "heavy"]) {
        const run = await createOptimization(service, tenant, { judge_id: a.id, budget });
        expect(run).toEqual({ id: expect.any(String), judge_id: a.id, budget, status: "pending" });
        created.push(run.id);
        service.clock.advance(1000);
      }
      await createOptimization(service, tenant, { judge_id: b.id });

      const run = await getOptimization(service, tenant, created[0] as string);
      expect(run).toMatchObject({
        organization_id: tenant.org,
        project_id: tenant.project,
        judge_id: a.id,
        status: "pending",
        budget: "light",
        annotation_count: 10,
        actual_cost: 0,
        original_goal: VAGUE_GOAL,
        judge_snapshot: {
          name: a.name,
          version: 1,
          evaluationGoal: VAGUE_GOAL,
          modelId: a.model_id,
        },
        user_id: expect.stringMatching(/^assay_/),
        logs: "",
      });
      expect(run.optimized_goal).toBeUndefined();
      expect(run.assay).toBeUndefined();

      type Page = {
        data: { optimization_runs: JudgeOptimizationRun[]; count: number; total: number };
      };
      const page = (query: string) =>
        service.call<Page>("GET", `${P()}/judge-optimizations?${query}`).then((r) => r.body.data);
      const first = await page(`judge_id=${a.id}&page=1&page_size=2`);
      expect(first.count).toBe(2);
      expect(first.total).toBe(3);
      expect(first.optimization_runs.map((r) => r.id)).toEqual([created[2], created[1]]);
      const second = await page(`judge_id=${a.id}&page=2&page_size=2`);
      expect(second).toMatchObject({ count: 1, total: 3 });
      expect(second.optimization_runs[0]?.id).toBe(created[0]);
      const all = await page("page_size=500");
      expect(all.total).toBeGreaterThanOrEqual(4);
      expect(all.optimization_runs.map((r) => r.judge_id)).toContain(b.id);
    });

    it("are another tenant's 404, exactly like missing ones", async () => {
      const judge = await newJudge(10);
      const run = await createOptimization(service, tenant, { judge_id: judge.id });
      const other = await service.admin.create({ organization: "Other org" });
      const theirs = `/organizations/${other.organization.id}/projects/${other.project.id}`;
      const foreign = await service.call("GET", `${theirs}/judge-optimizations/${run.id}`, {
        apiKey: other.key,
      });
      const missing = await service.call(
        "GET",
        `${theirs}/judge-optimizations/00000000-0000-4000-8000-000000000000`,
        { apiKey: other.key },
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      const create = await service.call("POST", `${theirs}/judge-optimizations`, {
        apiKey: other.key,
        json: { judge_id: judge.id },
      });
      expect(create.status).toBe(404);
      const apply = await service.call("POST", `${theirs}/judge-optimizations/${run.id}/apply`, {
        apiKey: other.key,
        json: {},
      });
      expect(apply.status).toBe(404);
      const listed = await service.call<{ data: { total: number } }>(
        "GET",
        `${theirs}/judge-optimizations`,
        { apiKey: other.key },
      );
      expect(listed.body.data.total).toBe(0);
    });

    it("cannot be applied before they end success", async () => {
      const judge = await newJudge(10);
      const run = await createOptimization(service, tenant, { judge_id: judge.id });
      const res = await post(`/judge-optimizations/${run.id}/apply`, {});
      expect(res.status).toBe(409);
      expect(errorOf(res).message).toMatch(/is pending: only a run that ended success/);
      expect((await post(`/judge-optimizations/${run.id}/apply`, { force: true })).status).toBe(
        400,
      );
    });
  });

  describe("the job, under at-least-once delivery", () => {
    const runJob = async (id: string, attempt: number) => {
      const gateway = createGateway({
        allowedHosts: service.running.deps.config.allowedModelHosts,
      });
      try {
        await createRunJudgeOptimizationJob({ ...service.running.deps, gateway })({
          id: "test",
          name: "run-judge-optimization",
          data: { organization_id: tenant.org, project_id: tenant.project, optimization_id: id },
          attempt,
          signal: new AbortController().signal,
        });
      } finally {
        await gateway.close();
      }
    };

    it("starts a run left in_progress again from scratch, and leaves a finished one alone", async () => {
      const judge = await newJudge(40);
      const { id } = await createOptimization(service, tenant, {
        judge_id: judge.id,
        budget: "light",
      });
      await service.running.deps.db
        .updateTable("judge_optimization_runs")
        .set({ status: "in_progress", logs: "half of an earlier attempt", actual_cost: 1.5 })
        .where("id", "=", id)
        .execute();
      await runJob(id, 2);
      const run = await getOptimization(service, tenant, id);
      expect(run.status, run.status_description).toBe("success");
      expect(run.logs?.split("\n")[0]).toBe("attempt 2: starting again from scratch");
      expect(run.logs).not.toContain("half of an earlier attempt");
      expect(run.actual_cost).toBe(0);
      expect(run.optimized_goal).toBe(CITING_GOAL);

      fake.reset();
      await runJob(id, 3);
      expect(fake.stats().requests).toBe(0);
      expect(await getOptimization(service, tenant, id)).toEqual(run);
    });
  });
});
