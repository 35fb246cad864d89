import { BadRequestError, type Client, NotFoundError } from "@assay/client";
import { ConflictError } from "@assay/client/errors";
import {
  arithmeticBehavior,
  type FakeBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/**
 * `client.scorers` against a real Assay server with workers, and a custom benchmark graded by a
 * scorer whose (fake) model passes the responses to questions 1 and 3.
 */

const ROWS = Array.from({ length: 4 }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 7);
  return { input: item.question, truth: item.answer };
});

const grader: FakeBehavior = ({ body }) => {
  const text = (body.messages as { content: string }[]).map((m) => m.content).join("\n");
  const question = /<question-[0-9a-f]+>\n([^\n]*)\n/.exec(text)?.[1] ?? "";
  const odd = /^Q[13]:/.test(question);
  return { content: JSON.stringify({ score: odd ? 1 : 0, passed: odd, reason: "checked" }) };
};

let service: TestService;
let model: FakeModelServer;
let judge: FakeModelServer;
let client: Client;
let graderKey: string;

beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  model = await startFakeModelServer({ latencyMs: 1, behavior: arithmeticBehavior });
  judge = await startFakeModelServer({ behavior: grader });
  client = await newTenantClient(service);
  graderKey = "fake/grader";
  await client.models.createCustom({
    name: "Grader",
    key: graderKey,
    description: "",
    api_url: judge.url,
    max_tokens: 64,
  });
});
afterAll(async () => {
  await model?.close();
  await judge?.close();
  await service?.close();
});

describe("client.scorers", () => {
  it("creates, gets, lists, updates and deletes a scorer", async () => {
    const scorer = await client.scorers.create({
      name: "Odd",
      description: "odd questions pass",
      model_id: graderKey,
      prompt: "Pass the responses to odd-numbered questions.",
    });
    expect(scorer).toMatchObject({ name: "Odd", model_key: graderKey, model_name: "Grader" });
    expect(await client.scorers.get(scorer)).toEqual(scorer);
    const page = await client.scorers.getMany();
    expect(page).toMatchObject({ count: 1, totalCount: 1 });
    expect(page.scorers[0]?.id).toBe(scorer.id);
    const updated = await client.scorers.update(scorer.id, { description: "changed" });
    expect(updated).toMatchObject({ description: "changed", prompt: scorer.prompt });
    await expect(
      client.scorers.create({ name: "Odd", model_id: graderKey, prompt: scorer.prompt }),
    ).rejects.toBeInstanceOf(ConflictError);
    await expect(
      client.scorers.create({ name: "Short", model_id: graderKey, prompt: "short" }),
    ).rejects.toBeInstanceOf(BadRequestError);
    expect(await client.scorers.delete(scorer)).toMatchObject({ id: scorer.id });
    await expect(client.scorers.get(scorer.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("grades a custom benchmark's results and reports the scorer beside the accuracy", async () => {
    const scorer = await client.scorers.create({
      name: "Odd questions",
      description: "",
      model_id: graderKey,
      prompt: "Pass the responses to odd-numbered questions.",
    });
    const { model_id } = await client.models.createCustom({
      name: "Solver",
      key: "fake/solver",
      description: "",
      api_url: model.url,
      max_tokens: 64,
    });
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: "Sums graded",
      description: "",
      file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
      filename: "sums.jsonl",
      scoring_metric: "numeric",
      custom_scorers: [scorer.id],
    });
    const created = await client.evaluations.create(
      await client.models.getById(model_id),
      await client.benchmarks.getById(benchmark_id),
    );
    const done = await client.evaluations.waitForCompletion(created, {
      intervalMs: 50,
      timeoutMs: 20_000,
    });
    expect(done.status).toBe("success");
    const passes = ROWS.filter((r) => /^Q[13]:/.test(r.input)).length;
    expect(done.assay.scorers).toEqual([
      expect.objectContaining({
        id: scorer.id,
        name: "Odd questions",
        mean: passes / ROWS.length,
        interval: "wilson",
        n: ROWS.length,
        failed: 0,
      }),
    ]);
    const results = await client.results.getAll(done);
    expect(results.map((r) => r.scorer_scores?.[scorer.id]?.score)).toEqual(
      ROWS.map((r) => (/^Q[13]:/.test(r.input) ? 1 : 0)),
    );
  });
});
