import { BadRequestError } from "@assay/client";
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
 * Sampling options against a real server: what the SDK sends reaches the model as the model's
 * request profile says, is recorded with the run (`assay.options`, `assay.options.request`), and
 * what the profile refuses comes back as a 400 naming the field.
 */

let service: TestService;
let model: FakeModelServer;
beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  model = await startFakeModelServer({ behavior: arithmeticBehavior, captureBodies: true });
});
afterAll(async () => {
  await model?.close();
  await service?.close();
});

const ROWS = [1, 2, 3].map((i) => {
  const item = makeArithmeticItem(i, 42);
  return { input: item.question, truth: item.answer };
});

async function setUp(requestProfile: "openai-compatible" | "openai-o-series") {
  const client = await newTenantClient(service);
  const { model_id } = await client.models.createCustom({
    name: "Fake",
    key: `fake/${requestProfile}`,
    description: "",
    api_url: model.url,
    max_tokens: 64,
    request_profile: requestProfile,
  });
  const { benchmark_id } = await client.benchmarks.createCustom({
    name: "Sums",
    description: "sums",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "sums.jsonl",
    scoring_metric: "numeric",
  });
  return {
    client,
    model: await client.models.getById(model_id),
    benchmark: await client.benchmarks.getById(benchmark_id),
  };
}

describe("sampling options", () => {
  it("reach the model, and the run records what was asked and what was sent", async () => {
    const { client, model: custom, benchmark } = await setUp("openai-compatible");
    expect(custom).toMatchObject({ request_profile: "openai-compatible" });
    model.reset();
    const created = await client.evaluations.create(custom, benchmark, {
      temperature: 0.5,
      maxTokens: 32,
      cache: false,
    });
    const done = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
    expect(done.status).toBe("success");
    expect(done.assay.options).toMatchObject({
      temperature: 0.5,
      top_p: null,
      seed: null,
      max_tokens: 32,
      reasoning_effort: null,
    });
    const request = done.assay.options.request;
    expect(request?.profile).toBe("openai-compatible");
    expect(request?.parameters).toMatchObject({ temperature: 0.5, max_tokens: 32 });
    expect(done.assay.tokens.reasoning).toBe(0);
    // The model got exactly the recorded parameters beside model and messages.
    const bodies = model.stats().bodies ?? [];
    expect(bodies).toHaveLength(ROWS.length);
    for (const body of bodies) {
      const { model: _model, messages: _messages, ...parameters } = body;
      expect(parameters).toEqual(request?.parameters);
    }
  });

  it("the profile refuses come back as a 400 naming the field", async () => {
    const { client, model: custom, benchmark } = await setUp("openai-o-series");
    const error = await client.evaluations
      .create(custom, benchmark, { temperature: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    const details = (error as BadRequestError).body as { details?: { field: string }[] };
    expect(details.details?.map((d) => d.field)).toContain("body.0.temperature");
  });
});
