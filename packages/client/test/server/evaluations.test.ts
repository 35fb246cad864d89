import {
  type Client,
  type Evaluation,
  NotFoundError,
  type Result,
  WaitTimeoutError,
} from "@assay/client";
import {
  arithmeticBehavior,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/**
 * `client.evaluations` and `client.results` against a real Assay server with workers, evaluating
 * a custom model served by the fake OpenAI-compatible server on a small arithmetic benchmark.
 */

type FakeModelServer = Awaited<ReturnType<typeof startFakeModelServer>>;

let service: TestService;
let fast: FakeModelServer;
let slow: FakeModelServer;
beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  fast = await startFakeModelServer({ latencyMs: 5, behavior: arithmeticBehavior });
  slow = await startFakeModelServer({ latencyMs: 5_000, behavior: arithmeticBehavior });
});
afterAll(async () => {
  await Promise.all([fast?.close(), slow?.close()]);
  await service?.close();
});

/** Ten sums in two subsets; the fake model gets Q3 and Q7 wrong (id % 4 == 3), positions 2 and 6. */
const ROWS = Array.from({ length: 10 }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 42);
  return { input: item.question, truth: item.answer, subset: i < 6 ? "small" : "large" };
});
const WRONG = [2, 6];

let tenants = 0;
/** A new tenant with the fake model and the arithmetic benchmark as its own. */
async function setUp(
  endpoint: FakeModelServer,
): Promise<{ client: Client; model: { id: string }; benchmark: { id: string } }> {
  tenants += 1;
  const client = await newTenantClient(service);
  const { model_id } = await client.models.createCustom({
    name: "Fake arithmetic",
    key: `fake/arithmetic-${tenants}`,
    description: "",
    api_url: endpoint.url,
    max_tokens: 64,
  });
  const { benchmark_id } = await client.benchmarks.createCustom({
    name: `Arithmetic ${tenants}`,
    description: "sums",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "arithmetic.jsonl",
    scoring_metric: "numeric",
  });
  return {
    client,
    model: await client.models.getById(model_id),
    benchmark: await client.benchmarks.getById(benchmark_id),
  };
}

describe("an evaluation from start to results", () => {
  it("runs on the server, is followed to success, and serves its statistics and results", async () => {
    const { client, model, benchmark } = await setUp(fast);
    const created = await client.evaluations.create(model, benchmark);
    expect(created).toMatchObject({
      status: "pending",
      finished_at: 0,
      model_id: model.id,
      dataset_id: benchmark.id,
    });

    const seen: Evaluation[] = [];
    const done = await client.evaluations.waitForCompletion(created, {
      intervalMs: 100,
      timeoutMs: 25_000,
      onProgress: (evaluation) => seen.push(evaluation),
    });
    expect(done).toMatchObject({ id: created.id, status: "success", accuracy: 0.8 });
    expect(done.finished_at).toBeGreaterThan(0);
    expect(done.assay.progress).toMatchObject({ total: 10, done: 10, correct: 8, failed: 0 });
    expect(done.assay.accuracy_ci95.low).toBeLessThan(0.8);
    expect(done.assay.accuracy_ci95.high).toBeGreaterThan(0.8);
    expect(done.assay.subsets.map((s) => [s.name, s.total, s.correct])).toEqual(
      expect.arrayContaining([
        ["small", 6, 5],
        ["large", 4, 3],
      ]),
    );
    expect(seen.at(-1)).toEqual(done);

    const all = await client.results.getAll(done);
    expect(all.map((r) => r.position)).toEqual(ROWS.map((_, i) => i));
    expect(all.filter((r) => !r.passed).map((r) => r.position)).toEqual(WRONG);
    const failed = await client.results.getAllById(done.id, { outcome: "failed" });
    expect(failed.map((r: Result) => r.position)).toEqual(WRONG);
    const page = await client.results.get({ evaluation: done, pageSize: 4, page: 3 });
    expect(page.results.map((r) => r.position)).toEqual([8, 9]);
    expect(page.pagination).toEqual({ page: 3, pageSize: 4, totalPages: 3, totalCount: 10 });

    const listed = await client.evaluations.getMany({ modelIds: [model.id], status: "success" });
    expect(listed.evaluations.map((e) => e.id)).toEqual([done.id]);
    expect(listed.totalCount).toBe(1);
    const none = await client.evaluations.getMany({ status: "failure" });
    expect(none).toMatchObject({ evaluations: [], totalCount: 0 });
    const found = await client.evaluations.getMany({ search: done.model_key.toUpperCase() });
    expect(found.evaluations.map((e) => e.id)).toEqual([done.id]);
    expect((await client.evaluations.getMany({ search: "no such model" })).totalCount).toBe(0);
  });

  it("refuses what getByKey answered for an unknown key with a TypeError, creating nothing", async () => {
    const { client, benchmark } = await setUp(fast);
    const model = await client.models.getByKey("openai/gpt-4o-typo");
    expect(model).toBeUndefined();
    const error = await client.evaluations
      // What a JavaScript caller can write; TypeScript would refuse it.
      .create(model as unknown as Evaluation, benchmark)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe(
      "model must be a Model object (e.g. from client.models.getByKey()), got undefined",
    );
    await expect(
      client.evaluations.create(benchmark, "gsm8k" as unknown as Evaluation),
    ).rejects.toThrow(
      'benchmark must be a Benchmark object (e.g. from client.benchmarks.getByKey()), got the string "gsm8k"',
    );
    expect((await client.evaluations.getMany()).totalCount).toBe(0);
  });

  it("runs only the first N prompts with limit", async () => {
    const { client, model, benchmark } = await setUp(fast);
    const created = await client.evaluations.create(model, benchmark, { limit: 3, cache: false });
    expect(created.assay.options).toMatchObject({ limit: 3, cache: false });
    const done = await client.evaluations.waitForCompletion(created, {
      intervalMs: 100,
      timeoutMs: 25_000,
    });
    expect(done.assay.progress).toMatchObject({ total: 3, done: 3 });
    expect((await client.results.getAll(done)).map((r) => r.position)).toEqual([0, 1, 2]);
  });
});

describe("stopping", () => {
  it("cancels a running evaluation; waiting ends on cancelled", async () => {
    const { client, model, benchmark } = await setUp(slow);
    const created = await client.evaluations.create(model, benchmark);
    // Waiting gives up before the slow model answers; the evaluation goes on.
    const error = await client.evaluations
      .waitForCompletion(created, { intervalMs: 50, timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((await client.evaluations.get(created)).status).toMatch(/^(pending|in-progress)$/);

    const cancelled = await client.evaluations.cancel(created);
    expect(cancelled.status).toBe("cancelled");
    const done = await client.evaluations.waitForCompletion(created.id, {
      intervalMs: 50,
      timeoutMs: 10_000,
    });
    expect(done.status).toBe("cancelled");
  });

  it("another organization's evaluation, like an unknown one, is not found", async () => {
    const { client, model, benchmark } = await setUp(fast);
    const created = await client.evaluations.create(model, benchmark, { limit: 1 });
    const stranger = await newTenantClient(service);
    await expect(stranger.evaluations.get(created)).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      client.evaluations.getById("00000000-0000-4000-8000-000000000000"),
    ).rejects.toBeInstanceOf(NotFoundError);
    await client.evaluations.waitForCompletion(created, { intervalMs: 100, timeoutMs: 25_000 });
  });
});
