import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeModelServer, startFakeModelServer } from "../support/fake-model-server.ts";
import { startTestService, type TestService } from "../support/test-service.ts";
import {
  createEvaluation,
  createModel,
  createSumsBenchmark,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "./support.ts";

// A custom model's own prices: kept, shown, changed in pairs, and used for its runs' cost. The
// fake endpoint reports 30 prompt and 12 completion tokens a call: at $0.001 and $0.002 a token,
// each call costs $0.054.

const PRICES = { cost_per_input_token: "0.001", cost_per_output_token: "0.002" };
const PER_CALL = 30 * 0.001 + 12 * 0.002;
const PROMPTS = 5;

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
      cache: false,
    });
    const done = await waitForEvaluation(service, created.id, { key: tenant.key });
    expect(done.status, done.status_description).toBe("success");
    expect(done.assay.cost_usd).toBeCloseTo(PROMPTS * PER_CALL, 10);
  });
});
