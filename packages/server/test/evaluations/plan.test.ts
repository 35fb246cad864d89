import type { EvaluationPlan, ListEvaluationsResponse } from "@assay/protocol";
import {
  createModel,
  createSumsBenchmark,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toMessages } from "../../src/engine/runners/evaluation/to-messages.ts";
import { countMessageTokens } from "../../src/engine/runners/trace-judging/index.ts";
import { plannedInterval, wilsonHalfWidth } from "../../src/engine/stats/index.ts";

// The planner (`POST P/evaluations/plan`) answers what a create body would cost and tell without
// creating anything, refused where the create would be. The fake endpoint reports 30 prompt and
// 12 completion tokens a call; the custom model costs $0.001 and $0.002 a token.

const SEED = 11;
const PROMPTS = 40;

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let benchmarkId: string;
let pricedModel: string;
let unpricedModel: string;

const project = () => `/organizations/${tenant.org}/projects/${tenant.project}`;

async function plan(items: Record<string, unknown>[]) {
  return service.call<{ status: string; data: EvaluationPlan[]; error?: { message: string } }>(
    "POST",
    `${project()}/evaluations/plan`,
    { apiKey: tenant.key, json: items },
  );
}

async function evaluationCount(): Promise<number> {
  const res = await service.call<ListEvaluationsResponse>(
    "GET",
    `/evaluations?organization_id=${tenant.org}&project_id=${tenant.project}`,
    { apiKey: tenant.key },
  );
  return res.body.total_count;
}

const catalogId = (key: string) =>
  service.running.deps.catalog.models.find((m) => m.key === key)?.id as string;

/** The o200k_base count of the first `n` Sums prompts as the run sends them, exactly. */
function promptTokens(n: number): number {
  let total = 0;
  for (let id = 1; id <= n; id++)
    total += countMessageTokens(
      toMessages(JSON.stringify(makeArithmeticItem(id, SEED).question), null),
    );
  return total;
}

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await startTestService({
    workers: true,
    env: {
      ASSAY_RATE_LIMIT_ENABLED: "false",
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      // A catalog model is planned only when its provider could answer; nothing calls it.
      OPENAI_API_KEY: "sk-test",
    },
  });
  tenant = await tenantOf(service);
  benchmarkId = await createSumsBenchmark(service, tenant, PROMPTS, SEED);
  pricedModel = await createModel(service, tenant, fake.url, "acme/priced");
  await service.call("PATCH", `${project()}/custom-models/${pricedModel}`, {
    apiKey: tenant.key,
    json: { cost_per_input_token: "0.001", cost_per_output_token: "0.002" },
  });
  unpricedModel = await createModel(service, tenant, fake.url, "acme/unpriced");
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

describe("planning evaluations", () => {
  it("counts calls, tokens and cost, and bounds the interval, creating nothing", async () => {
    const before = await evaluationCount();
    const res = await plan([
      { model_id: pricedModel, dataset_id: benchmarkId, limit: 30, repeats: 2, max_tokens: 100 },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe("success");
    const [planned] = res.body.data;
    const prompt = promptTokens(30) * 2;
    expect(planned).toMatchObject({
      model_id: pricedModel,
      model_key: "acme/priced",
      dataset_id: benchmarkId,
      prompts: 30,
      repeats: 2,
      calls: 60,
      tokens: {
        prompt,
        completion: 6000,
        completion_max: 6000,
        max_tokens: 100,
        completion_per_call: 100,
        completion_basis: "typical",
      },
      cost: {
        price_source: "model",
        cost_per_input_token: "0.001",
        cost_per_output_token: "0.002",
        max_cost_usd: null,
      },
      ci95: { kind: "bound", basis: "worst_case", method: "clustered", accuracy: 0.5 },
      earlier_run: null,
    });
    expect(planned?.cost.usd).toBeCloseTo(prompt * 0.001 + 6000 * 0.002, 10);
    // The worst case with repeats: accuracy 0.5, answers to one prompt that always agree, so the
    // 30 prompts alone (Wilson's at 30); at best every answer independent (Wilson's at 60).
    expect(planned?.ci95.half_width).toBeCloseTo(wilsonHalfWidth(0.5, 30), 12);
    expect(planned?.tokens.description).toContain("all 30 prompts, asked 2 times each");
    expect(planned?.ci95.description).toMatch(/^At most ±16\.8 points, as little as ±12\.3 points/);
    expect(await evaluationCount()).toBe(before);
  });

  it("uses the catalog's prices and the model's token limit", async () => {
    const res = await plan([
      { model_id: catalogId("openai/o3"), dataset_id: benchmarkId, limit: 10 },
    ]);
    expect(res.status, res.text).toBe(200);
    const [planned] = res.body.data;
    expect(planned?.cost).toMatchObject({
      price_source: "catalog",
      cost_per_input_token: "0.000002",
      cost_per_output_token: "0.000008",
    });
    expect(planned?.tokens).toMatchObject({ max_tokens: 25_000, completion_per_call: 256 });
    expect(planned?.ci95).toMatchObject({ kind: "bound", method: "wilson" });
    expect(planned?.ci95.half_width).toBeCloseTo(wilsonHalfWidth(0.5, 10), 12);
  });

  it("keeps no Idempotency-Key answer: a plan is a read, answered anew each time", async () => {
    const headers = { "idempotency-key": "plan-twice" };
    for (const limit of [3, 4]) {
      const res = await service.call<{ data: EvaluationPlan[] }>(
        "POST",
        `${project()}/evaluations/plan`,
        {
          apiKey: tenant.key,
          headers,
          json: [{ model_id: pricedModel, dataset_id: benchmarkId, limit }],
        },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get("idempotent-replayed")).toBeNull();
      expect(res.body.data[0]?.prompts).toBe(limit);
    }
  });

  it("says there is no cost for a model without prices", async () => {
    const res = await plan([{ model_id: unpricedModel, dataset_id: benchmarkId }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data[0]?.cost).toMatchObject({ usd: null, max_usd: null, price_source: null });
    expect(res.body.data[0]?.cost.description).toMatch(
      /^No cost estimate: the model has no prices/,
    );
  });

  it("is refused where the create would be, naming body.N.field", async () => {
    const cases: [Record<string, unknown>[], string][] = [
      [[{ model_id: "nope", dataset_id: benchmarkId }], "body.0.model_id: no such model"],
      [
        [
          { model_id: pricedModel, dataset_id: benchmarkId },
          { model_id: pricedModel, dataset_id: "nope" },
        ],
        "body.1.dataset_id: no such benchmark",
      ],
      [
        [{ model_id: unpricedModel, dataset_id: benchmarkId, max_cost_usd: 1 }],
        "body.0.max_cost_usd: the model has no prices; a budget cannot be enforced",
      ],
      [[{ model_id: pricedModel, dataset_id: benchmarkId, repeats: 33 }], "body.0.repeats"],
    ];
    for (const [items, message] of cases) {
      const res = await plan(items);
      expect(res.status, res.text).toBe(400);
      expect(res.body.error?.message).toContain(message);
    }
    const sampling = await plan([
      { model_id: catalogId("openai/o3"), dataset_id: benchmarkId, temperature: 0 },
    ]);
    expect(sampling.status).toBe(400);
    expect(sampling.body.error?.message).toContain("body.0.temperature: openai/o3 takes only");
  });

  it("learns completion tokens and accuracy from an earlier run of the model", async () => {
    const earlier = await runEvaluation(service, tenant, {
      model_id: pricedModel,
      dataset_id: benchmarkId,
      limit: 20,
      cache: false,
    });
    const res = await plan([{ model_id: pricedModel, dataset_id: benchmarkId, max_cost_usd: 0.5 }]);
    expect(res.status, res.text).toBe(200);
    const [planned] = res.body.data;
    expect(planned?.earlier_run).toMatchObject({
      id: earlier.id,
      answers: 20,
      repeats: 1,
      accuracy: earlier.accuracy,
    });
    expect(planned?.tokens).toMatchObject({
      completion_per_call: 12,
      completion_basis: "earlier_run",
    });
    expect(planned?.ci95).toMatchObject({
      kind: "expected",
      basis: "earlier_run",
      method: "wilson",
    });
    expect(planned?.ci95.half_width).toBeCloseTo(wilsonHalfWidth(earlier.accuracy, PROMPTS), 12);
    // 40 calls at about $0.054 each: over the budget, which stops it after about 10.
    expect(planned?.cost.max_cost_usd).toBe(0.5);
    expect(planned?.cost.description).toContain("The estimate is over the budget of $0.50");
  });

  it("reads the within-prompt variance an earlier run with repeats measured", async () => {
    const earlier = await runEvaluation(service, tenant, {
      model_id: unpricedModel,
      dataset_id: benchmarkId,
      limit: 20,
      cache: false,
    });
    // The repeats runner stores `repeats.within_prompt_variance` in a finished run's summary;
    // written here by hand so the planner's reading of it is tested on its own.
    const db = service.running.deps.db;
    const row = await db
      .selectFrom("evaluations")
      .select("stats")
      .where("id", "=", earlier.id)
      .executeTakeFirstOrThrow();
    const stats = { ...JSON.parse(row.stats ?? "{}"), repeats: { within_prompt_variance: 0.04 } };
    await db
      .updateTable("evaluations")
      .set({ stats: JSON.stringify(stats), correct_count: 15 })
      .where("id", "=", earlier.id)
      .execute();

    const res = await plan([{ model_id: unpricedModel, dataset_id: benchmarkId, repeats: 4 }]);
    expect(res.status, res.text).toBe(200);
    const [planned] = res.body.data;
    const expected = plannedInterval({
      prompts: PROMPTS,
      repeats: 4,
      earlier: { correct: 15, answers: 20, withinPromptVariance: 0.04 },
    });
    expect(planned?.ci95).toMatchObject({
      kind: "expected",
      method: "clustered",
      within_prompt_variance: 0.04,
      accuracy: 0.75,
    });
    expect(planned?.ci95.half_width).toBeCloseTo(expected.halfWidth, 12);
    expect(planned?.ci95.description).toContain("with its within-prompt variance 0.040");
  });
});
