import type { Evaluation, ListEvaluationsResponse, ListResultsResponse } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  gsm8kBehavior,
  gsm8kExpectedCorrect,
  importGsm8k,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let gsm8kId: string;
let modelId: string;

beforeAll(async () => {
  fake = await startFakeModelServer({ behavior: gsm8kBehavior() });
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_EVAL_CHUNK_SIZE: "200",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
    },
  });
  tenant = await tenantOf(service);
  gsm8kId = await importGsm8k(service);
  modelId = await createModel(service, tenant, fake.url);
});

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

describe("an evaluation of GSM8K against a fake endpoint", () => {
  let evaluation: Evaluation;

  it("runs every prompt in the background and scores exactly what the model got right", async () => {
    const created = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: gsm8kId,
      is_custom_model: true,
      is_custom_dataset: false,
      concurrency: 32,
    });
    expect(created).toMatchObject({ status: "pending", finished_at: 0, dataset_id: gsm8kId });
    evaluation = await waitForEvaluation(service, created.id);
    expect(evaluation.status).toBe("success");
    expect(evaluation.assay.progress).toMatchObject({ total: 1319, done: 1319, failed: 0 });
    const correct = gsm8kExpectedCorrect();
    expect(evaluation.assay.progress.correct).toBe(correct);
    expect(evaluation.accuracy).toBe(correct / 1319);
    expect(evaluation.assay.accuracy_ci95.low).toBeLessThan(evaluation.accuracy);
    expect(evaluation.assay.accuracy_ci95.high).toBeGreaterThan(evaluation.accuracy);
    expect(evaluation.finished_at).toBeGreaterThanOrEqual(evaluation.submitted_at);
    expect(Number.isInteger(evaluation.average_duration)).toBe(true);
    expect(evaluation.assay.subsets).toEqual([
      expect.objectContaining({ name: "default", total: 1319, correct }),
    ]);
    expect(evaluation.assay.tokens.total).toBeGreaterThan(0);
    expect(fake.stats().requests).toBe(1319);
    expect(fake.stats().maxInFlight).toBeLessThanOrEqual(32);
    expect(fake.stats().badRequests).toBe(0);
  });

  it("serves the per-prompt results in pages with the total over all pages", async () => {
    const page = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${evaluation.id}&page=2&page_size=100`,
    );
    expect(page.status).toBe(200);
    expect(page.body.metrics.total_count).toBe(1319);
    expect(page.body.results).toHaveLength(100);
    const first = page.body.results[0]!;
    expect(first.position).toBe(100);
    expect(first.prompt).toContain("Question: ");
    expect(typeof first.duration).toBe("number");
    expect(first.metrics).toMatchObject({ accuracy: first.passed ? 1 : 0 });
    const failed = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${evaluation.id}&outcome=failed&page_size=500`,
    );
    expect(failed.body.metrics.total_count).toBe(1319 - gsm8kExpectedCorrect());
    expect(failed.body.results.every((r) => !r.passed)).toBe(true);
    expect(failed.body.results[0]!.reason).not.toBe("");
  });

  it("reruns from the cache without calling the model, with the same results", async () => {
    const before = fake.stats().requests;
    const rerun = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: gsm8kId,
    });
    const done = await waitForEvaluation(service, rerun.id);
    expect(done.status).toBe("success");
    expect(done.accuracy).toBe(evaluation.accuracy);
    expect(done.assay.progress.cached).toBe(1319);
    expect(fake.stats().requests).toBe(before);

    const uncached = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: gsm8kId,
      cache: false,
      limit: 40,
    });
    const fresh = await waitForEvaluation(service, uncached.id);
    expect(fresh.assay.progress).toMatchObject({ total: 40, done: 40, cached: 0 });
    expect(fake.stats().requests).toBe(before + 40);
  });

  it("lists the project's evaluations with filters, sort, unique and pagination", async () => {
    const base = `/evaluations?organization_id=${tenant.org}&project_id=${tenant.project}`;
    const all = await service.call<ListEvaluationsResponse>("GET", `${base}&page_size=2`);
    expect(all.status).toBe(200);
    expect(all.body.total_count).toBeGreaterThanOrEqual(3);
    expect(all.body.evaluations).toHaveLength(2);
    const unique = await service.call<ListEvaluationsResponse>(
      "GET",
      `${base}&unique=true&models=${modelId}&datasets=${gsm8kId}&status=success&sort_by=submittedAt&order=desc`,
    );
    expect(unique.body.total_count).toBe(1);
    const byAccuracy = await service.call<ListEvaluationsResponse>(
      "GET",
      `${base}&sort_by=accuracy&order=asc`,
    );
    const accuracies = byAccuracy.body.evaluations.map((e) => e.accuracy);
    expect(accuracies).toEqual([...accuracies].sort((a, b) => a - b));
    const own = await service.call<ListEvaluationsResponse>("GET", "/evaluations");
    expect(own.body.total_count).toBe(all.body.total_count);
  });

  it("keeps evaluations and results private to their organization", async () => {
    const other = await tenantOf(
      service,
      (await service.admin.create({ organization: "Other" })).key,
    );
    for (const path of [
      `/evaluations/${evaluation.id}`,
      `/results?evaluation_id=${evaluation.id}`,
    ]) {
      const res = await service.call("GET", path, { apiKey: other.key });
      expect(res.status).toBe(404);
    }
    const cancel = await service.call("POST", `/evaluations/${evaluation.id}/cancel`, {
      apiKey: other.key,
    });
    expect(cancel.status).toBe(404);
    const list = await service.call<ListEvaluationsResponse>("GET", "/evaluations", {
      apiKey: other.key,
    });
    expect(list.body.total_count).toBe(0);
    const foreign = await service.call(
      "GET",
      `/evaluations?organization_id=${tenant.org}&project_id=${tenant.project}`,
      { apiKey: other.key },
    );
    expect(foreign.status).toBe(404);
  });

  it("refuses unknown models and benchmarks with 400 naming the field, creating nothing", async () => {
    const before = await service.call<ListEvaluationsResponse>("GET", "/evaluations");
    const res = await service.call(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
      {
        json: [
          { model_id: modelId, dataset_id: gsm8kId },
          { model_id: "00000000-0000-4000-8000-000000000000", dataset_id: gsm8kId },
        ],
      },
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("body.1.model_id");
    const after = await service.call<ListEvaluationsResponse>("GET", "/evaluations");
    expect(after.body.total_count).toBe(before.body.total_count);
  });
});

describe("an endpoint that cannot work", () => {
  it("fails fast on a repeated 401 instead of retrying every prompt", async () => {
    const denied = await startFakeModelServer({
      behavior: () => ({ status: 401, body: { error: { message: "Incorrect API key provided" } } }),
    });
    try {
      const model = await createModel(service, tenant, denied.url, "acme/denied");
      const created = await createEvaluation(service, tenant, {
        model_id: model,
        dataset_id: gsm8kId,
        concurrency: 2,
      });
      const done = await waitForEvaluation(service, created.id);
      expect(done.status).toBe("failure");
      expect(done.status_description).toMatch(/401/);
      expect(done.status_description).toMatch(/Incorrect API key/);
      expect(done.finished_at).toBeGreaterThan(0);
      // Five in a row trip it and stop every chunk of the run; calls already on their way
      // still land (7 to 10 measured under load), far from one per prompt (1,319).
      expect(denied.stats().requests).toBeLessThanOrEqual(20);
    } finally {
      await denied.close();
    }
  });

  it("refuses a catalog model whose provider has no key when the run is created, naming the variable", async () => {
    const gpt4o = service.running.deps.catalog.models.find((m) => m.key === "openai/gpt-4o");
    const path = `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`;
    const listing = `/evaluations?organization_id=${tenant.org}&project_id=${tenant.project}`;
    const count = async () =>
      (await service.call<ListEvaluationsResponse>("GET", listing, { apiKey: tenant.key })).body
        .total_count;
    const before = await count();
    for (const route of [path, `${path}/plan`]) {
      const res = await service.call<{ error: { details: { field: string; message: string }[] } }>(
        "POST",
        route,
        { apiKey: tenant.key, json: [{ model_id: gpt4o?.id, dataset_id: gsm8kId }] },
      );
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        {
          field: "body.0.model_id",
          message: expect.stringContaining("OPENAI_API_KEY"),
        },
      ]);
    }
    // Nothing was created: no failed run to find later.
    expect(await count()).toBe(before);
  });

  it("counts prompts whose calls keep failing as not correct and in failed_prompt_count", async () => {
    const flaky = await startFakeModelServer({
      behavior: (req) =>
        /Question: [^\n]*\b(Janet|James)\b/.test(req.lastUserMessage)
          ? { status: 500, body: "overloaded" }
          : gsm8kBehavior()(req),
    });
    try {
      const model = await createModel(service, tenant, flaky.url, "acme/flaky");
      const created = await createEvaluation(service, tenant, {
        model_id: model,
        dataset_id: gsm8kId,
        limit: 12,
        cache: false,
      });
      const done = await waitForEvaluation(service, created.id);
      expect(done.status).toBe("success");
      expect(done.failed_prompt_count).toBeGreaterThan(0);
      expect(done.assay.progress.done).toBe(12);
      expect(done.accuracy).toBeCloseTo(done.assay.progress.correct / 12, 12);
      const errors = await service.call<ListResultsResponse>(
        "GET",
        `/results?evaluation_id=${created.id}&outcome=error`,
      );
      expect(errors.body.metrics.total_count).toBe(done.failed_prompt_count);
      expect(errors.body.results[0]!.error).toMatch(/500/);
    } finally {
      await flaky.close();
    }
  }, 60_000);
});

describe("cancel", () => {
  it("stops a running evaluation promptly and keeps what was written", async () => {
    const slow = await startFakeModelServer({ latencyMs: 100, behavior: gsm8kBehavior() });
    try {
      const model = await createModel(service, tenant, slow.url, "acme/slow");
      const created = await createEvaluation(service, tenant, {
        model_id: model,
        dataset_id: gsm8kId,
        concurrency: 4,
        cache: false,
      });
      await waitForEvaluation(service, created.id, {
        until: (e) => e.assay.progress.done >= 8,
      });
      const res = await service.call<Evaluation>("POST", `/evaluations/${created.id}/cancel`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe("cancelled");
      await new Promise((r) => setTimeout(r, 600));
      const settled = slow.stats().requests;
      await new Promise((r) => setTimeout(r, 500));
      expect(slow.stats().requests).toBe(settled);
      expect(slow.stats().requests).toBeLessThan(200);
      const after = await waitForEvaluation(service, created.id);
      expect(after.status).toBe("cancelled");
      const again = await service.call<Evaluation>("POST", `/evaluations/${created.id}/cancel`);
      expect(again.body.status).toBe("cancelled");
    } finally {
      await slow.close();
    }
  });
});
