import { type Client, NotFoundError } from "@assay/client";
import { ConflictError } from "@assay/client/errors";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/**
 * `client.evaluationSpaces` against a real Assay server with workers: a leaderboard over two
 * custom models' runs on one custom benchmark.
 */

const ROWS = Array.from({ length: 6 }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 7);
  return { input: item.question, truth: item.answer };
});

let service: TestService;
let fake: FakeModelServer;
let client: Client;
const models: string[] = [];
let benchmarkId: string;

beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  fake = await startFakeModelServer({ latencyMs: 1, behavior: arithmeticBehavior });
  client = await newTenantClient(service);
  const { benchmark_id } = await client.benchmarks.createCustom({
    name: "Sums",
    description: "sums",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "sums.jsonl",
    scoring_metric: "numeric",
  });
  benchmarkId = benchmark_id;
  for (const key of ["fake/one", "fake/two"]) {
    const { model_id } = await client.models.createCustom({
      name: key,
      key,
      description: "",
      api_url: fake.url,
      max_tokens: 64,
    });
    models.push(model_id);
    const created = await client.evaluations.create(
      await client.models.getById(model_id),
      await client.benchmarks.getById(benchmark_id),
    );
    const done = await client.evaluations.waitForCompletion(created, {
      intervalMs: 50,
      timeoutMs: 20_000,
    });
    expect(done.status).toBe("success");
  }
});
afterAll(async () => {
  await fake?.close();
  await service?.close();
});

describe("client.evaluationSpaces", () => {
  it("creates, gets, lists, updates and deletes a space, with computed counts", async () => {
    const space = await client.evaluationSpaces.create({ name: "Board", description: "all" });
    expect(space).toMatchObject({
      name: "Board",
      visibility: "private",
      models_count: 2,
      benchmarks_count: 1,
      evaluations_count: 2,
    });
    expect(await client.evaluationSpaces.get(space)).toEqual(space);

    const page = await client.evaluationSpaces.getMany({ sortBy: "name", order: "asc" });
    expect(page).toMatchObject({ count: 1, totalCount: 1 });
    expect(page.evaluationSpaces[0]?.id).toBe(space.id);

    const narrowed = await client.evaluationSpaces.update(space.id, {
      visibility: "public",
      filters: { model_filters: { ids: [models[0] as string] } },
    });
    expect(narrowed).toMatchObject({ visibility: "public", models_count: 1, evaluations_count: 1 });
    expect(narrowed.filters.model_filters.ids).toEqual([models[0]]);

    expect(await client.evaluationSpaces.delete(space)).toMatchObject({ id: space.id });
    await expect(client.evaluationSpaces.get(space.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("answers the leaderboard's cells with accuracy and interval", async () => {
    const space = await client.evaluationSpaces.create({
      name: "Cells",
      filters: { dataset_filters: { ids: [benchmarkId] } },
    });
    const cells = await client.evaluationSpaces.getEvaluations(space);
    expect(cells.map((e) => e.model_id).sort()).toEqual([...models].sort());
    for (const cell of cells) {
      expect(cell.dataset_id).toBe(benchmarkId);
      expect(cell.assay.accuracy_ci95.low).toBeLessThanOrEqual(cell.accuracy);
      expect(cell.assay.accuracy_ci95.high).toBeGreaterThanOrEqual(cell.accuracy);
    }
    const { evaluations, runs } = await client.evaluationSpaces.getCells(space);
    expect(evaluations.map((e) => e.id).sort()).toEqual(cells.map((e) => e.id).sort());
    expect(Object.keys(runs).sort()).toEqual(cells.map((e) => e.id).sort());
    for (const count of Object.values(runs)) expect(count).toBeGreaterThanOrEqual(1);
  });

  it("raises ConflictError for a duplicate name", async () => {
    await client.evaluationSpaces.create({ name: "Twice" });
    await expect(client.evaluationSpaces.create({ name: "Twice" })).rejects.toBeInstanceOf(
      ConflictError,
    );
  });

  it("takes a slug wherever it takes a space: the original CLI's 'ID or slug'", async () => {
    const space = await client.evaluationSpaces.create({ name: "CLI Demo Space" });
    expect(space.slug).toBe("cli-demo-space");
    expect(await client.evaluationSpaces.get("cli-demo-space")).toEqual(space);
    const moved = await client.evaluationSpaces.update("cli-demo-space", { slug: "demo" });
    expect(moved).toMatchObject({ id: space.id, slug: "demo" });
    const other = await client.evaluationSpaces.create({ name: "CLI Demo Space 2" });
    await expect(client.evaluationSpaces.update(other, { slug: "demo" })).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await client.evaluationSpaces.delete("demo")).id).toBe(space.id);
    await expect(client.evaluationSpaces.get("demo")).rejects.toBeInstanceOf(NotFoundError);
  });
});
