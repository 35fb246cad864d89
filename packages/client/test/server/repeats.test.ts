import type { Client, Evaluation } from "@assay/client";
import {
  type FakeModelServer,
  makeArithmeticItem,
  seededArithmeticBehavior,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/**
 * Repeats through the SDK against a real server: `create(…, { repeats })` asks each prompt that
 * many times, the run reads back its repeat statistics, and `results` lists one row per prompt
 * (with its answers) or per answer, and the prompts whose answers disagree.
 */

let service: TestService;
let model: FakeModelServer;
let client: Client;
let run: Evaluation;

/** Q1 … Q8 under seeds 10–13: Q1 and Q5 right twice (flaky), Q3 and Q7 never, the rest always. */
const ROWS = Array.from({ length: 8 }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 42);
  return { input: item.question, truth: item.answer };
});
const RIGHT_OF_4 = [2, 4, 0, 4, 2, 4, 0, 4];

beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  model = await startFakeModelServer({ behavior: seededArithmeticBehavior });
  client = await newTenantClient(service);
  const { model_id } = await client.models.createCustom({
    name: "Fake",
    key: "fake/seeded",
    description: "",
    api_url: model.url,
    max_tokens: 64,
  });
  const { benchmark_id } = await client.benchmarks.createCustom({
    name: "Sums",
    description: "sums",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "sums.jsonl",
    scoring_metric: "numeric",
  });
  const created = await client.evaluations.create(
    await client.models.getById(model_id),
    await client.benchmarks.getById(benchmark_id),
    { repeats: 4, seed: 10, temperature: 0.7 },
  );
  expect(created.assay.options.repeats).toBe(4);
  run = await client.evaluations.waitForCompletion(created, { intervalMs: 100, timeoutMs: 25_000 });
});
afterAll(async () => {
  await model?.close();
  await service?.close();
});

describe("a run with repeats", () => {
  it("asks every prompt four times and reports clustered figures and the reducers", () => {
    expect(run.status).toBe("success");
    expect(run.assay.progress).toMatchObject({ total: 32, done: 32, correct: 20 });
    expect(run.accuracy).toBeCloseTo(20 / 32, 12);
    expect(run.assay.accuracy_interval).toBe("clustered");
    expect(run.assay.repeats).toMatchObject({
      repeats: 4,
      prompts: 8,
      flip_rate: 2 / 8,
      majority_vote: 4 / 8,
      pass_count_histogram: [2, 0, 2, 0, 4],
    });
    expect(run.assay.repeats?.pass_at_k.map((p) => p.k)).toEqual([1, 2, 3, 4]);
  });

  it("lists one row per prompt with its answers, or one per answer", async () => {
    const prompts = await client.results.getAll(run);
    expect(prompts.map((r) => r.repeats?.filter((a) => a.passed).length)).toEqual(RIGHT_OF_4);
    expect(prompts.map((r) => r.score)).toEqual(RIGHT_OF_4.map((c) => c / 4));

    const answers = await client.results.getAll(run, { repeats: "each" });
    expect(answers).toHaveLength(32);
    expect(answers.slice(0, 5).map((r) => [r.position, r.repeat])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 0],
    ]);
    expect(answers.every((r) => r.repeats === undefined)).toBe(true);
  });

  it("filters the prompts whose answers disagree", async () => {
    const flaky = await client.results.get({ evaluation: run, outcome: "flaky" });
    expect(flaky.results.map((r) => r.position)).toEqual([0, 4]);
    expect(flaky.totalCount).toBe(2);
  });

  it("refuses a count outside 1–32 naming the field", async () => {
    const error = await client.evaluations
      .create(
        { id: run.model_id, organization_id: "" },
        { id: run.dataset_id, organization_id: "" },
        {
          repeats: 33,
        },
      )
      .catch((e: unknown) => e);
    expect((error as { body?: { details?: { field: string }[] } }).body?.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "body.0.repeats" })]),
    );
  });
});
