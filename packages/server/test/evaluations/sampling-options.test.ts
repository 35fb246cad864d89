import type { CatalogModel, Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  createSumsBenchmark,
  runEvaluation,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  arithmeticBehavior,
  type FakeModelServer,
  type FakeRequestBody,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A run's sampling options and request profile, end to end: checked against the model's profile
// when the run is created, recorded with it, and sent exactly as recorded. The fake accepts
// anything; what each provider refuses is proven against its strict double elsewhere.

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let benchmarkId: string;
let customId: string;

const PROMPTS = 4;

beforeAll(async () => {
  fake = await startFakeModelServer({ captureBodies: true });
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
      // The catalog's OpenAI models, through the fake.
      OPENAI_API_KEY: "sk-test",
      ASSAY_PROVIDER_OPENAI_BASE_URL: fake.url,
    },
  });
  tenant = await tenantOf(service);
  benchmarkId = await createSumsBenchmark(service, tenant, PROMPTS, 7);
  customId = await createModel(service, tenant, fake.url);
});

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

const postEvaluation = (item: Record<string, unknown>) =>
  service.call<{ error: { message: string; details: { field: string; message: string }[] } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
    { apiKey: tenant.key, json: [{ dataset_id: benchmarkId, ...item }] },
  );

/** The bodies the fake received since the last call, without their messages. */
function sentParameters(): Record<string, unknown>[] {
  const bodies = fake.stats().bodies ?? [];
  fake.reset();
  return bodies.map(({ messages: _, ...rest }: FakeRequestBody) => rest);
}

async function catalogModel(key: string): Promise<CatalogModel> {
  const listed = await service.call<{ data: { models: CatalogModel[] } }>(
    "GET",
    `/organizations/${tenant.org}/projects/${tenant.project}/models?type=public&key=${key}`,
    { apiKey: tenant.key },
  );
  const found = listed.body.data.models.find((m) => m.key === key);
  if (!found) throw new Error(`no catalog model ${key}`);
  return found;
}

describe("a run's sampling options", () => {
  it("are sent exactly as recorded, and a sampled run is never served from the cache", async () => {
    fake.reset();
    const options = { temperature: 0.7, top_p: 0.9, seed: 5, max_tokens: 40 };
    const first = await runEvaluation(service, tenant, {
      dataset_id: benchmarkId,
      model_id: customId,
      ...options,
    });
    const expected = { model: "fake", max_tokens: 40, temperature: 0.7, top_p: 0.9, seed: 5 };
    expect(sentParameters()).toEqual(Array.from({ length: PROMPTS }, () => expected));
    expect(first.assay.options).toMatchObject({
      ...options,
      reasoning_effort: null,
      request: {
        profile: "openai-compatible",
        parameters: { max_tokens: 40, temperature: 0.7, top_p: 0.9, seed: 5 },
      },
    });

    const again = await runEvaluation(service, tenant, {
      dataset_id: benchmarkId,
      model_id: customId,
      ...options,
    });
    expect(again.assay.progress.cached).toBe(0);
    expect(sentParameters()).toHaveLength(PROMPTS);
  });

  it("default to the model's greedy request, which the cache serves on a rerun", async () => {
    const first = await runEvaluation(service, tenant, {
      dataset_id: benchmarkId,
      model_id: customId,
    });
    expect(first.assay.options.request?.parameters).toEqual({ max_tokens: 256, temperature: 0 });
    expect(first.assay.options.temperature).toBeNull();
    const again = await runEvaluation(service, tenant, {
      dataset_id: benchmarkId,
      model_id: customId,
    });
    expect(again.assay.progress.cached).toBe(PROMPTS);
  });

  it("keep what the run recorded when the model is edited after it was created", async () => {
    fake.reset();
    const queued = await createEvaluation(service, tenant, {
      dataset_id: benchmarkId,
      model_id: customId,
      seed: 1,
    });
    // Not yet started or already running: either way the run sends what it recorded.
    await service.call(
      "PATCH",
      `/organizations/${tenant.org}/projects/${tenant.project}/custom-models/${customId}`,
      { apiKey: tenant.key, json: { max_tokens: 999, extra_payload: { stop: ["\n"] } } },
    );
    const done = await waitDone(queued.id);
    expect(done.assay.options.request?.parameters).toEqual({
      max_tokens: 256,
      temperature: 0,
      seed: 1,
    });
    for (const sent of sentParameters())
      expect(sent).toEqual({ model: "fake", max_tokens: 256, temperature: 0, seed: 1 });
    await service.call(
      "PATCH",
      `/organizations/${tenant.org}/projects/${tenant.project}/custom-models/${customId}`,
      { apiKey: tenant.key, json: { max_tokens: 256, extra_payload: {} } },
    );
  });

  it("are refused when the model cannot take them, naming the field and saying why", async () => {
    const o3 = await catalogModel("openai/o3");
    expect(o3.request_profile).toBe("openai-o-series");
    const refused = await postEvaluation({ model_id: o3.id, temperature: 0, top_p: 0.5 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      {
        field: "body.0.temperature",
        message:
          "openai/o3 takes only temperature 1: OpenAI's reasoning models take only the default temperature (1)",
      },
      { field: "body.0.top_p", message: expect.stringContaining("does not take top_p") },
    ]);
    const effort = await postEvaluation({ model_id: o3.id, reasoning_effort: "minimal" });
    expect(effort.status).toBe(400);
    expect(effort.body.error.message).toContain("body.0.reasoning_effort");
  });

  it("ask a reasoning model as its provider requires", async () => {
    fake.reset();
    const gpt5 = await catalogModel("openai/gpt-5-nano");
    const run = await runEvaluation(service, tenant, {
      dataset_id: benchmarkId,
      model_id: gpt5.id,
      reasoning_effort: "minimal",
      max_tokens: 2000,
    });
    const expected = { max_completion_tokens: 2000, reasoning_effort: "minimal" };
    expect(run.assay.options.request).toEqual({ profile: "openai-gpt-5", parameters: expected });
    for (const sent of sentParameters()) expect(sent).toEqual({ model: "gpt-5-nano", ...expected });
  });
});

describe("a reasoning model's answer", () => {
  it("is scored without its reasoning, which is kept beside it with its tokens", async () => {
    const reasoner = await createProfiledModel("acme/reasoner", "deepseek-reasoner");
    fake.setBehavior(async (request) => {
      const plain = await arithmeticBehavior(request);
      const content = "content" in plain ? plain.content : "";
      return {
        raw: JSON.stringify({
          id: "r",
          object: "chat.completion",
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content,
                reasoning_content: "First I add the numbers.",
              },
              finish_reason: "stop",
            },
          ],
          usage: {
            prompt_tokens: 30,
            completion_tokens: 50,
            completion_tokens_details: { reasoning_tokens: 38 },
          },
        }),
        contentType: "application/json",
      };
    });
    try {
      const run = await runEvaluation(service, tenant, {
        dataset_id: benchmarkId,
        model_id: reasoner,
      });
      expect(run.assay.options.request).toEqual({
        profile: "deepseek-reasoner",
        parameters: { max_tokens: 256 },
      });
      expect(run.assay.tokens).toMatchObject({ completion: 50 * PROMPTS, reasoning: 38 * PROMPTS });
      const results = await service.call<ListResultsResponse>(
        "GET",
        `/results?evaluation_id=${run.id}`,
        { apiKey: tenant.key },
      );
      for (const result of results.body.results) {
        expect(result.reasoning).toBe("First I add the numbers.");
        expect(result.result).not.toContain("First I add");
        // Scored on the answer alone (the fake gets some sums wrong on purpose).
        expect(result.passed).toBe(result.result.endsWith(`#### ${result.truth}`));
        expect(result.tokens).toEqual({ prompt: 30, completion: 50, reasoning: 38 });
      }
    } finally {
      fake.setBehavior(arithmeticBehavior);
    }
  });

  it("cut at its token limit while reasoning is an error that says so, not a wrong answer", async () => {
    const thinker = await createProfiledModel("acme/thinker", "llama-cpp");
    fake.setBehavior(() => ({ content: "<think>Let me see. First", finishReason: "length" }));
    try {
      const created = await createEvaluation(service, tenant, {
        dataset_id: benchmarkId,
        model_id: thinker,
      });
      const done = await waitDone(created.id);
      // Every prompt fails the same way: the run stops early and says why.
      expect(done.status).toBe("failure");
      expect(done.status_description).toContain("spent its whole token limit reasoning");
    } finally {
      fake.setBehavior(arithmeticBehavior);
    }
  });
});

async function createProfiledModel(key: string, profile: string): Promise<string> {
  const res = await service.call<{ data: { model_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-models`,
    {
      apiKey: tenant.key,
      json: {
        name: key,
        key,
        description: "",
        api_url: fake.url,
        max_tokens: 256,
        request_profile: profile,
      },
    },
  );
  if (res.status !== 200 && res.status !== 201) throw new Error(res.text);
  return res.body.data.model_id;
}

const waitDone = (id: string): Promise<Evaluation> =>
  waitForEvaluation(service, id, { key: tenant.key });
