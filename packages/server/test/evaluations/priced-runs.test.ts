import type { Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  createSumsBenchmark,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A custom model's own prices: kept, shown, changed in pairs, and used for its runs' cost; and a
// run's budget (`max_cost_usd`), which stops it as a failure that keeps what it stored. The fake
// endpoint reports 30 prompt and 12 completion tokens a call: at $0.001 and $0.002 a token, each
// call costs $0.054.

const PRICES = { cost_per_input_token: "0.001", cost_per_output_token: "0.002" };
const PER_CALL = 30 * 0.001 + 12 * 0.002;
const PROMPTS = 40;

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let benchmarkId: string;
let pricedModel: string;

const modelsPath = () => `/organizations/${tenant.org}/projects/${tenant.project}/custom-models`;

beforeAll(async () => {
  fake = await startFakeModelServer({ latencyMs: 5 });
  service = await startTestService({
    workers: true,
    env: {
      ASSAY_RATE_LIMIT_ENABLED: "false",
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_EVAL_CHUNK_SIZE: "10",
    },
  });
  tenant = await tenantOf(service);
  benchmarkId = await createSumsBenchmark(service, tenant, PROMPTS, 3);
  pricedModel = await createModel(service, tenant, fake.url, "acme/priced");
  const priced = await service.call("PATCH", `${modelsPath()}/${pricedModel}`, {
    apiKey: tenant.key,
    json: PRICES,
  });
  expect(priced.status, priced.text).toBe(200);
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

describe("a custom model's prices", () => {
  it("are kept, shown, changed together and removed with null", async () => {
    const created = await service.call<{ data: { model_id: string } }>("POST", modelsPath(), {
      apiKey: tenant.key,
      json: {
        name: "Dear",
        key: "acme/dear",
        description: "",
        api_url: fake.url,
        max_tokens: 64,
        cost_per_input_token: "0.0000025",
        cost_per_output_token: "0.00001",
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.model_id;
    const read = async () =>
      (
        await service.call<{ data: Record<string, unknown> }>(
          "GET",
          `/organizations/${tenant.org}/projects/${tenant.project}/models/${id}`,
          { apiKey: tenant.key },
        )
      ).body.data;
    expect(await read()).toMatchObject({
      cost_per_input_token: "0.0000025",
      cost_per_output_token: "0.00001",
    });

    const one = await service.call("PATCH", `${modelsPath()}/${id}`, {
      apiKey: tenant.key,
      json: { cost_per_input_token: "0.000003" },
    });
    expect(one.status, one.text).toBe(200);
    expect(await read()).toMatchObject({ cost_per_input_token: "0.000003" });

    const half = await service.call<{ error: { message: string } }>(
      "PATCH",
      `${modelsPath()}/${id}`,
      { apiKey: tenant.key, json: { cost_per_output_token: null } },
    );
    expect(half.status).toBe(400);
    expect(half.body.error.message).toBe(
      "body.cost_per_output_token: give both prices, or neither",
    );

    const cleared = await service.call("PATCH", `${modelsPath()}/${id}`, {
      apiKey: tenant.key,
      json: { cost_per_input_token: null, cost_per_output_token: null },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await read()).toMatchObject({ cost_per_input_token: null, cost_per_output_token: null });
  });

  it("refuses one price without the other, and prices that are not decimals", async () => {
    const base = { name: "X", description: "", api_url: fake.url, max_tokens: 64 };
    const onlyInput = await service.call<{ error: { message: string } }>("POST", modelsPath(), {
      apiKey: tenant.key,
      json: { ...base, key: "acme/only-input", cost_per_input_token: "0.001" },
    });
    expect(onlyInput.status).toBe(400);
    expect(onlyInput.body.error.message).toBe(
      "body.cost_per_output_token: give both prices, or neither",
    );
    for (const bad of ["-0.1", "1e-6", 0.001]) {
      const res = await service.call<{ error: { message: string } }>("POST", modelsPath(), {
        apiKey: tenant.key,
        json: { ...base, key: "acme/bad", cost_per_input_token: bad, cost_per_output_token: "0" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain("body.cost_per_input_token");
    }
  });

  it("give the model's runs a cost", async () => {
    const created = await createEvaluation(service, tenant, {
      model_id: pricedModel,
      dataset_id: benchmarkId,
      limit: 5,
      cache: false,
    });
    const done = await waitForEvaluation(service, created.id, { key: tenant.key });
    expect(done.status, done.status_description).toBe("success");
    expect(done.assay.cost_usd).toBeCloseTo(5 * PER_CALL, 10);
  });
});

describe("a run's budget", () => {
  it("stops the run as a failure that keeps its results and says why", async () => {
    const created = await createEvaluation(service, tenant, {
      model_id: pricedModel,
      dataset_id: benchmarkId,
      cache: false,
      concurrency: 2,
      max_cost_usd: 0.2,
    });
    expect(created.assay.options.max_cost_usd).toBe(0.2);
    const ended = await waitForEvaluation(service, created.id, { key: tenant.key });
    expect(ended.status).toBe("failure");
    expect(ended.status_description).toMatch(/^stopped at its budget: \$0\.\d\d spent of \$0\.20$/);
    const { done } = ended.assay.progress;
    expect(done).toBeGreaterThanOrEqual(Math.ceil(0.2 / PER_CALL));
    expect(done).toBeLessThan(PROMPTS);
    expect(ended.assay.cost_usd).toBeCloseTo(done * PER_CALL, 10);
    expect(ended.assay.cost_usd).toBeGreaterThanOrEqual(0.2);

    // Every result stored is kept, and nothing arrives after the stop.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const results = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${created.id}&page_size=100`,
      { apiKey: tenant.key },
    );
    expect(results.body.results).toHaveLength(done);
    const later = await service.call<Evaluation>("GET", `/evaluations/${created.id}`, {
      apiKey: tenant.key,
    });
    expect(later.body.assay.progress.done).toBe(done);
    expect(later.body.status).toBe("failure");
  });

  it("lets a run its budget covers finish as a success", async () => {
    const done = await waitForEvaluation(
      service,
      (
        await createEvaluation(service, tenant, {
          model_id: pricedModel,
          dataset_id: benchmarkId,
          limit: 3,
          cache: false,
          max_cost_usd: 1,
        })
      ).id,
      { key: tenant.key },
    );
    expect(done.status, done.status_description).toBe("success");
  });

  it("is refused for a model without prices, naming the field", async () => {
    const unpriced = await createModel(service, tenant, fake.url, "acme/unpriced");
    const res = await service.call<{ error: { message: string } }>(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
      {
        apiKey: tenant.key,
        json: [
          { model_id: pricedModel, dataset_id: benchmarkId, max_cost_usd: 1 },
          { model_id: unpriced, dataset_id: benchmarkId, max_cost_usd: 1 },
        ],
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      "body.1.max_cost_usd: the model has no prices; a budget cannot be enforced",
    );
  });
});
