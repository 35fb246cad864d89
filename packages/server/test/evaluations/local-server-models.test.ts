import type { ListResultsResponse } from "@assay/protocol";
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
  type ProviderDouble,
  startLlamaCppDouble,
  startOllamaDouble,
  startVllmDouble,
} from "@assay/test-kit/provider-doubles/index.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Custom models on the local servers people run themselves — Ollama, vLLM, llama.cpp's
// llama-server — each through its strict double, the way a user registers one: an api_url on
// 127.0.0.1 (allowed by ALLOWED_MODEL_HOSTS), the server's model name, its key if it has one.

const SEED = 7;
const ANSWER = sumsAnswer(1, SEED);

let service: TestService;
let tenant: Tenant;
let benchmarkId: string;
let ollama: ProviderDouble;
let vllm: ProviderDouble;
let llamaCpp: ProviderDouble;

beforeAll(async () => {
  ollama = await startOllamaDouble({ behavior: answerSums });
  vllm = await startVllmDouble({
    behavior: answerSums,
    servedModel: "qwen2.5-7b-instruct",
    apiKey: "vllm-secret",
    thinks: true,
    reasoningParser: true,
  });
  llamaCpp = await startLlamaCppDouble({ behavior: answerSums });
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
      ASSAY_EVAL_CHUNK_SIZE: "10",
      ASSAY_MODEL_MAX_ATTEMPTS: "2",
    },
  });
  tenant = await tenantOf(service);
  benchmarkId = await createSumsBenchmark(service, tenant, 1, SEED);
});

afterAll(async () => {
  await service?.close();
  await Promise.all([ollama?.close(), vllm?.close(), llamaCpp?.close()]);
});

async function customModel(body: Record<string, unknown>): Promise<string> {
  const res = await service.call<{ data: { model_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-models`,
    { apiKey: tenant.key, json: { description: "local server", ...body } },
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data.model_id;
}

/** Runs the one-prompt benchmark on the model; answers its evaluation and its one result. */
async function evaluate(modelId: string) {
  const created = await createEvaluation(service, tenant, {
    model_id: modelId,
    dataset_id: benchmarkId,
    cache: false,
  });
  const evaluation = await waitForEvaluation(service, created.id, { key: tenant.key });
  const results = await service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${created.id}`,
    { apiKey: tenant.key },
  );
  return { evaluation, result: results.body.results[0]! };
}

describe("custom models on local servers, through their doubles", () => {
  it("runs an Ollama model by its tag, with no key", async () => {
    const id = await customModel({
      name: "Llama 3.2 (Ollama)",
      key: "local/llama3.2",
      api_url: ollama.url,
      max_tokens: 256,
      provider_model: "llama3.2",
    });
    const { evaluation, result } = await evaluate(id);
    expect(evaluation.status, evaluation.status_description).toBe("success");
    expect(evaluation.failed_prompt_count).toBe(0);
    expect(result.result).toBe(ANSWER);
    expect(evaluation.assay.tokens.completion).toBeGreaterThan(0);
    const sent = ollama.exchanges().at(-1)!;
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toMatchObject({ model: "llama3.2", max_tokens: 256 });
  });

  it("runs a thinking Ollama model whose max_tokens leaves room for the thinking", async () => {
    const id = await customModel({
      name: "gpt-oss 20b (Ollama)",
      key: "local/gpt-oss-20b",
      api_url: ollama.url,
      max_tokens: 8192,
      provider_model: "gpt-oss:20b",
    });
    const { evaluation, result } = await evaluate(id);
    expect(evaluation.status, evaluation.status_description).toBe("success");
    // The thinking came back in `reasoning`, apart from the answer, and was billed.
    expect(result.result).toBe(ANSWER);
    expect(result.tokens.completion).toBeGreaterThan(2000);
  });

  it("runs a vLLM model with its key and served model name; the reasoning parser keeps the answer clean", async () => {
    const id = await customModel({
      name: "Qwen 2.5 7B (vLLM)",
      key: "local/qwen2.5-7b",
      api_url: vllm.url,
      api_key: "vllm-secret",
      max_tokens: 4096,
      provider_model: "qwen2.5-7b-instruct",
    });
    const { evaluation, result } = await evaluate(id);
    expect(evaluation.status, evaluation.status_description).toBe("success");
    expect(result.result).toBe(ANSWER);
    expect(vllm.exchanges().at(-1)!.headers.authorization).toBe("Bearer vllm-secret");
  });

  it("runs whatever llama-server has loaded, under any model name", async () => {
    const id = await customModel({
      name: "Local GGUF (llama.cpp)",
      key: "local/gguf",
      api_url: `${llamaCpp.url}/chat/completions`,
      max_tokens: 512,
    });
    const { evaluation, result } = await evaluate(id);
    expect(evaluation.status, evaluation.status_description).toBe("success");
    expect(result.result).toBe(ANSWER);
    // Without provider_model the model sent is the key after its company: "gguf".
    expect(llamaCpp.exchanges().at(-1)!.body).toMatchObject({ model: "gguf", max_tokens: 512 });
  });

  it("fails a vLLM model registered without the server's key, with the server's 401", async () => {
    const id = await customModel({
      name: "Qwen without key",
      key: "local/qwen-nokey",
      api_url: vllm.url,
      max_tokens: 256,
      provider_model: "qwen2.5-7b-instruct",
    });
    const { evaluation, result } = await evaluate(id);
    expect(evaluation.failed_prompt_count).toBe(1);
    expect(result.error).toMatch(/401/);
  });
});
