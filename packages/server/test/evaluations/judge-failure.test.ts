import type { Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A benchmark scored by `llm_judge` whose judge cannot be called: the model answers every prompt
 * right, and the judge refuses the key (401) or is down (503). Each prompt is then a failed prompt
 * (an error, in `failed_prompt_count`), never a wrong answer; five 401s in a row end the run as a
 * failure saying it was the judge. Before, every prompt was `passed: false, score: 0` and the run
 * a `success` at 0 % with no failed prompt: a judge outage read as a model that knows nothing.
 */
const PROMPTS = 20;

let service: TestService;
let model: FakeModelServer;
let judge: FakeModelServer;
let tenant: Tenant;
let benchmarkId: string;
let modelId: string;

beforeAll(async () => {
  model = await startFakeModelServer();
  judge = await startFakeModelServer();
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      // One attempt per call: a 503 fails at once instead of after the backoff.
      ASSAY_MODEL_MAX_ATTEMPTS: "1",
      ASSAY_RESPONSE_CACHE: "false",
    },
  });
  tenant = await tenantOf(service);
  modelId = await createModel(service, tenant, model.url, "acme/model");
  const judgeId = await createModel(service, tenant, judge.url, "acme/judge");
  const rows = Array.from({ length: PROMPTS }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 7);
    return JSON.stringify({ input: item.question, truth: item.answer });
  });
  await uploadFile(service, tenant, "judged.jsonl", rows.join("\n"));
  const res = await service.call<{ data: { benchmark_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
    {
      json: {
        name: "Judged",
        description: "",
        file: "judged.jsonl",
        scoring_metric: "llm_judge",
        llm_judge_model_id: judgeId,
      },
    },
  );
  expect(res.status, res.text).toBe(201);
  benchmarkId = res.body.data.benchmark_id;
});

afterAll(async () => {
  await service?.close();
  await model?.close();
  await judge?.close();
});

async function run(): Promise<{ evaluation: Evaluation; results: ListResultsResponse["results"] }> {
  const created = await createEvaluation(service, tenant, {
    model_id: modelId,
    dataset_id: benchmarkId,
    concurrency: 2,
  });
  const evaluation = await waitForEvaluation(service, created.id);
  const page = await service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${created.id}&page_size=500`,
  );
  return { evaluation, results: page.body.results };
}

describe("a judge that cannot be called", () => {
  it("fails the run after five 401s in a row, saying it was the judge, with no wrong answer", async () => {
    judge.setBehavior(() => ({ status: 401, body: { error: { message: "Invalid API key" } } }));
    const { evaluation, results } = await run();
    expect(evaluation.status).toBe("failure");
    expect(evaluation.status_description).toBe(
      "the judge model endpoint answered 401 five times in a row: Invalid API key",
    );
    // Every prompt recorded before the trip is a failed prompt, none a wrong answer.
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.error === null)).toEqual([]);
    expect(results.every((r) => r.error?.startsWith("scoring failed: "))).toBe(true);
    expect(evaluation.failed_prompt_count).toBe(results.length);
  });

  it("counts every prompt as failed while the judge is down, and the run fails saying so", async () => {
    judge.setBehavior(() => ({ status: 503, body: { error: { message: "overloaded" } } }));
    const { evaluation, results } = await run();
    expect(results).toHaveLength(PROMPTS);
    expect(results.every((r) => r.error?.startsWith("scoring failed: ") && !r.passed)).toBe(true);
    // The model answered: its answers are kept with the failed prompts.
    expect(results.every((r) => r.result !== "")).toBe(true);
    expect(evaluation).toMatchObject({ status: "failure", failed_prompt_count: PROMPTS });
    expect(evaluation.status_description).toMatch(/^no answer could be scored: .*503/);
  });

  it("scores the run once the judge answers", async () => {
    judge.setBehavior(() => ({ content: '{"score": 1, "passed": true, "reason": "right"}' }));
    const { evaluation } = await run();
    expect(evaluation).toMatchObject({ status: "success", accuracy: 1, failed_prompt_count: 0 });
  });
});
