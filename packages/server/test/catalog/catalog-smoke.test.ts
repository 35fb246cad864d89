import type { Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  answerSums,
  createEvaluation,
  createSumsBenchmark,
  sumsAnswer,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  closeDoubles,
  type ProviderDouble,
  startProviderDoubles,
} from "@assay/test-kit/provider-doubles/index.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatalogModel, loadModelCatalog } from "../../src/catalog/models/model-catalog.ts";

// Every model of the catalog, evaluated by the real service (API, queue, workers, gateway) on a
// one-prompt benchmark against its provider's strict double (@assay/test-kit/provider-doubles):
// the request Assay builds for each model must be one its provider accepts, and the answer must
// come back whole. Failing models name what the provider would have refused.

const SEED = 26;

/** The catalog as shipped: its models name the tests, its providers name the variables. */
const CATALOG = loadModelCatalog();

/** The answer to the benchmark's one prompt, as the doubles give it. */
const EXPECTED_ANSWER = sumsAnswer(1, SEED);

interface Outcome {
  status: string;
  statusDescription: string;
  failedPrompts: number;
  /** The model's response to the one prompt. */
  response: string;
  /** Why the prompt failed, if it did. */
  error: string | null;
  tokens: { prompt: number; completion: number };
  /** The requests its provider's double received for this model. */
  requests: number;
}

let service: TestService;
let doubles: Map<string, ProviderDouble>;
let tenant: Tenant;
let models: readonly CatalogModel[];
const outcomes = new Map<string, Outcome>();

beforeAll(async () => {
  doubles = await startProviderDoubles(
    CATALOG.providers.map((p) => p.name),
    { behavior: answerSums },
  );
  const env: Record<string, string> = {
    ASSAY_JOB_POLL_INTERVAL_MS: "50",
    ASSAY_RATE_LIMIT_ENABLED: "false",
    ASSAY_EVAL_CHUNK_SIZE: "10",
    ASSAY_WORKER_CONCURRENCY: "16",
    // Nothing here is transient: fewer attempts keep a failing model's run short.
    ASSAY_MODEL_MAX_ATTEMPTS: "2",
  };
  for (const provider of CATALOG.providers) {
    const double = doubles.get(provider.name)!;
    env[provider.base_url_env] = double.url;
    if (provider.api_key_env) env[provider.api_key_env] = double.apiKey!;
  }
  service = await startTestService({ workers: true, env });
  tenant = await tenantOf(service);
  models = service.running.deps.catalog.models;
  const benchmarkId = await createSumsBenchmark(service, tenant, 1, SEED);

  // All at once: one evaluation per model, every one through its provider's double.
  const created = await Promise.all(
    models.map((model) =>
      createEvaluation(service, tenant, {
        model_id: model.id,
        dataset_id: benchmarkId,
        cache: false,
      }),
    ),
  );
  const finished = await Promise.all(
    created.map((evaluation) =>
      waitForEvaluation(service, evaluation.id, { key: tenant.key, timeoutMs: 150_000 }),
    ),
  );
  await Promise.all(
    finished.map(async (evaluation, index) => {
      const model = models[index]!;
      outcomes.set(model.key, await outcomeOf(evaluation, model));
    }),
  );
}, 240_000);

afterAll(async () => {
  await service?.close();
  if (doubles) await closeDoubles(doubles);
});

async function outcomeOf(evaluation: Evaluation, model: CatalogModel): Promise<Outcome> {
  const results = await service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${evaluation.id}`,
    { apiKey: tenant.key },
  );
  const result = results.body.results[0];
  const double = doubles.get(model.provider)!;
  return {
    status: evaluation.status,
    statusDescription: evaluation.status_description,
    failedPrompts: evaluation.failed_prompt_count,
    response: result?.result ?? "",
    error: result?.error ?? null,
    tokens: {
      prompt: evaluation.assay.tokens.prompt,
      completion: evaluation.assay.tokens.completion,
    },
    requests: double
      .exchanges()
      .filter((e) => (e.body as { model?: unknown } | undefined)?.model === model.provider_model)
      .length,
  };
}

describe("every catalog model, through its provider's double", () => {
  it("evaluated the catalog the service loaded, the same one these tests are named from", () => {
    expect(models.map((m) => m.key).sort()).toEqual(CATALOG.models.map((m) => m.key).sort());
    expect(outcomes.size).toBe(CATALOG.models.length);
  });

  it.each(CATALOG.models.map((m) => [m.key]))(
    "%s ends success with its answer and token usage",
    (key) => {
      const outcome = outcomes.get(key);
      expect(outcome, `no evaluation for ${key}`).toBeDefined();
      const why = `${outcome!.statusDescription} ${outcome!.error ?? ""}`.trim();
      expect(outcome!.requests, "the provider's double never saw a request").toBeGreaterThan(0);
      expect({ status: outcome!.status, failedPrompts: outcome!.failedPrompts }, why).toEqual({
        status: "success",
        failedPrompts: 0,
      });
      // An empty or cut response can still be a "success": the provider answered 200 with
      // finish_reason "length" after spending the output limit on thinking.
      expect(outcome!.response, "the response lost the answer").toContain(EXPECTED_ANSWER);
      expect(outcome!.tokens.prompt, "prompt tokens").toBeGreaterThan(0);
      expect(outcome!.tokens.completion, "completion tokens").toBeGreaterThan(0);
    },
  );
});
