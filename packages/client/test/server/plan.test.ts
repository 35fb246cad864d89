import { BadRequestError, type Client } from "@assay/client";
import {
  arithmeticBehavior,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/**
 * `client.evaluations.plan()` and a run's budget (`maxCostUsd`) against a real server, with a
 * custom model given prices of its own. The fake endpoint reports 30 prompt and 12 completion
 * tokens a call: at $0.001 and $0.002 a token, $0.054 a call.
 */

type FakeModelServer = Awaited<ReturnType<typeof startFakeModelServer>>;

let service: TestService;
let fake: FakeModelServer;
let client: Client;
let model: { id: string; organization_id: string };
let benchmark: { id: string; organization_id: string };

beforeAll(async () => {
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_EVAL_CHUNK_SIZE: "10" },
  });
  fake = await startFakeModelServer({ latencyMs: 5, behavior: arithmeticBehavior });
  client = await newTenantClient(service);
  const { model_id } = await client.models.createCustom({
    name: "Priced",
    key: "fake/priced",
    description: "",
    api_url: fake.url,
    max_tokens: 64,
    cost_per_input_token: "0.001",
    cost_per_output_token: "0.002",
  });
  const rows = Array.from({ length: 30 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 5);
    return JSON.stringify({ input: item.question, truth: item.answer });
  });
  const { benchmark_id } = await client.benchmarks.createCustom({
    name: "Sums",
    description: "",
    file: new TextEncoder().encode(`${rows.join("\n")}\n`),
    filename: "sums.jsonl",
    scoring_metric: "numeric",
  });
  model = { id: model_id, organization_id: "" };
  benchmark = { id: benchmark_id, organization_id: "" };
});
afterAll(async () => {
  await fake?.close();
  await service?.close();
});

describe("planning and budgets", () => {
  it("shows a custom model's prices", async () => {
    const read = await client.models.getById(model.id);
    expect(read).toMatchObject({ cost_per_input_token: "0.001", cost_per_output_token: "0.002" });
  });

  it("plans a run without creating it", async () => {
    const plan = await client.evaluations.plan(model, benchmark, { limit: 20, repeats: 3 });
    expect(plan).toMatchObject({
      prompts: 20,
      repeats: 3,
      calls: 60,
      tokens: { max_tokens: 64, completion_per_call: 64, completion_basis: "typical" },
      cost: { price_source: "model", max_cost_usd: null },
      ci95: { kind: "bound", basis: "worst_case", method: "clustered" },
      earlier_run: null,
    });
    expect(plan.cost.usd).toBeCloseTo(plan.tokens.prompt * 0.001 + 60 * 64 * 0.002, 10);
    expect((await client.evaluations.getMany()).totalCount).toBe(0);
    const [first, second] = await client.evaluations.planMany([
      { model, benchmark, limit: 5 },
      { model, benchmark, maxCostUsd: 0.1 },
    ]);
    expect([first?.calls, second?.calls, second?.cost.max_cost_usd]).toEqual([5, 30, 0.1]);
  });

  it("stops a run at its budget, as a failure that says so", async () => {
    const started = await client.evaluations.create(model, benchmark, {
      maxCostUsd: 0.15,
      cache: false,
      concurrency: 1,
    });
    expect(started.assay.options.max_cost_usd).toBe(0.15);
    const ended = await client.evaluations.waitForCompletion(started, { intervalMs: 50 });
    expect(ended.status).toBe("failure");
    expect(ended.status_description).toMatch(/^stopped at its budget: \$0\.\d\d spent of \$0\.15$/);
    expect(ended.assay.progress.done).toBeLessThan(30);
  });

  it("refuses a budget for a model without prices", async () => {
    const { model_id } = await client.models.createCustom({
      name: "Free",
      key: "fake/free",
      description: "",
      api_url: fake.url,
      max_tokens: 64,
    });
    const refused = client.evaluations.plan({ id: model_id, organization_id: "" }, benchmark, {
      maxCostUsd: 1,
    });
    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toThrow(
      "body.0.max_cost_usd: the model has no prices; a budget cannot be enforced",
    );
  });
});
