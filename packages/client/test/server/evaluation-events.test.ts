import { type Client, type EvaluationEvent, NotFoundError } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/** `client.evaluations.events()` against a real server following a run of a slow fake model. */

const ROWS = Array.from({ length: 10 }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 11);
  return { input: item.question, truth: item.answer };
});

let service: TestService;
let fake: FakeModelServer;
let client: Client;
let model: { id: string };
let benchmark: { id: string };

beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  fake = await startFakeModelServer({ latencyMs: 150, behavior: arithmeticBehavior });
  client = await newTenantClient(service);
  const { model_id } = await client.models.createCustom({
    name: "Slow sums",
    key: "fake/slow-sums",
    description: "",
    api_url: fake.url,
    max_tokens: 64,
  });
  const { benchmark_id } = await client.benchmarks.createCustom({
    name: "Sums",
    description: "sums",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "sums.jsonl",
    scoring_metric: "numeric",
  });
  model = await client.models.getById(model_id);
  benchmark = await client.benchmarks.getById(benchmark_id);
});
afterAll(async () => {
  await fake?.close();
  await service?.close();
});

describe("client.evaluations.events", () => {
  it("yields progress, then the final state, and ends", async () => {
    const created = await client.evaluations.create(model, benchmark, {
      concurrency: 1,
      cache: false,
    });
    const events: EvaluationEvent[] = [];
    for await (const event of client.evaluations.events(created)) events.push(event);
    const final = await client.evaluations.get(created.id);
    expect(final.status).toBe("success");
    expect(events.at(-1)).toEqual({
      event: "done",
      data: expect.objectContaining({
        evaluation_id: created.id,
        status: "success",
        done: 10,
        accuracy: final.accuracy,
      }),
    });
    const dones = events.map((e) => e.data.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(events.slice(0, -1).every((e) => e.event === "progress")).toBe(true);
  });

  it("closes the connection when the loop stops early", async () => {
    const created = await client.evaluations.create(model, benchmark, {
      concurrency: 1,
      cache: false,
    });
    for await (const event of client.evaluations.events(created.id)) {
      expect(event.event).toBe("progress");
      break;
    }
    const poller = service.running.deps.evaluationProgress;
    const deadline = Date.now() + 10_000;
    while (poller.stats().subscribers > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(poller.stats().subscribers).toBe(0);
    await client.evaluations.cancel(created);
  });

  it("raises NotFoundError for an evaluation of another tenant", async () => {
    const created = await client.evaluations.create(model, benchmark, { limit: 1 });
    const stranger = await newTenantClient(service);
    const iterate = async () => {
      for await (const _ of stranger.evaluations.events(created.id)) break;
    };
    await expect(iterate()).rejects.toBeInstanceOf(NotFoundError);
  });
});
