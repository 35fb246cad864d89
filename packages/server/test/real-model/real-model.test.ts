import type { Evaluation, ListResultsResponse, Result } from "@assay/protocol";
import {
  createEvaluation,
  importGsm8k,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type LocalModel, startLocalModel } from "@assay/test-kit/local-model.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killRunning, runCli } from "../../../cli/test/support/cli.ts";
import { getScorer } from "../../src/engine/scorers/registry.ts";
import { type Exchange, type RecordingProxy, startRecordingProxy } from "./recording-proxy.ts";

// A real language model end to end: SmolLM2-135M served by the llama-server that
// scripts/local-model.sh builds (scripts/test.sh builds it before Vitest), evaluated by a real
// service. No fake decides what the model answers, so every check compares Assay with the model
// itself: what Assay stored against what llama-server answers to the identical request.

const QUESTIONS = [
  { input: "Tom has 3 apples and buys 4 more. How many apples does he have now?", truth: "7" },
  { input: "What is 7 + 5?", truth: "12" },
  {
    input: "A train travels 60 km per hour for 3 hours. How many km does it travel?",
    truth: "180",
  },
  {
    input:
      "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?",
    truth: "72",
  },
];
/** Short answers keep the file to seconds on two cores; a cut answer is an answer too. */
const MAX_TOKENS = 48;
/** A fixed seed and no prompt cache: the answer depends on the request alone (temperature is 0). */
const EXTRA_PAYLOAD = { seed: 42, cache_prompt: false };
const PROVIDER_MODEL = "smollm2-135m";
/** Generation on two shared cores: 20–100 ms a token while other test files run. */
const MODEL_TIMEOUT_MS = 240_000;

let model: LocalModel;
let proxy: RecordingProxy;
let service: TestService;
let tenant: Tenant;

beforeAll(async () => {
  model = await startLocalModel();
  proxy = await startRecordingProxy(new URL(model.url).origin);
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: `${proxy.host},${model.host}`,
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
    },
  });
  tenant = await tenantOf(service);
}, 120_000);

afterAll(async () => {
  await killRunning();
  await service?.close();
  await proxy?.close();
  await model?.close();
});

describe("SmolLM2-135M on llama-server, evaluated through a recording proxy", () => {
  it(
    "stores, result by result, what llama-server answers to the identical request sent directly, and scores it as the scorer does",
    async () => {
      const benchmarkId = await createQuestionsBenchmark();
      const modelId = await createProxiedModel();
      const evaluation = await runToEnd({
        model_id: modelId,
        dataset_id: benchmarkId,
        is_custom_model: true,
        is_custom_dataset: true,
        concurrency: 1,
      });
      const results = await resultsOf(evaluation.id);
      expect(results).toHaveLength(QUESTIONS.length);
      // One call per prompt: no retry, nothing the proxy did not see.
      expect(proxy.exchanges).toHaveLength(QUESTIONS.length);

      const timings: string[] = [];
      for (const result of results) timings.push(await checkAgainstDirectCall(result));

      const correct = results.filter((r) => r.passed).length;
      expect(evaluation.assay.progress).toMatchObject({
        total: QUESTIONS.length,
        done: QUESTIONS.length,
        failed: 0,
        correct,
      });
      expect(evaluation.accuracy).toBe(correct / QUESTIONS.length);
      const tokens = results.reduce((sum, r) => sum + r.tokens.prompt + r.tokens.completion, 0);
      expect(evaluation.assay.tokens.total).toBe(tokens);
      // How fast the real model is where the suite runs: one line in the test's output.
      console.info(
        `SmolLM2-135M loaded in ${(model.loadMs / 1000).toFixed(2)} s; ${timings.join("; ")}`,
      );
    },
    MODEL_TIMEOUT_MS,
  );
});

describe("the README's commands against the real model", () => {
  it(
    "assay models create --api-url <llama-server>, then assay eval run --wait reports the stored results",
    async () => {
      await importGsm8k(service);
      const env = { SERVICE_API_KEY: service.apiKey, SERVICE_BASE_URL: service.apiUrl };
      const created = await runCli(
        [
          ...["models", "create", "--name", "SmolLM2 135M", "--key", "local/smollm2-135m"],
          ...["--api-url", model.url, "--provider-model", PROVIDER_MODEL],
          ...["--max-tokens", String(MAX_TOKENS), "--profile", "llama-cpp"],
        ],
        env,
      );
      expect(created, created.stderr).toMatchObject({ code: 0 });

      const run = await runCli(
        [
          ...["eval", "run", "--model", "local/smollm2-135m", "--benchmark", "gsm8k"],
          ...["--limit", "2", "--wait", "--interval", "0.2"],
        ],
        env,
      );
      expect(run, run.stderr).toMatchObject({ code: 0 });
      const id = run.stdout.split("\n")[0] as string;
      expect(run.stdout).toMatch(/│ status\s+│ success\s+│/);
      expect(run.stdout).toMatch(/│ prompts\s+│ 2\/2 done/);

      const results = await resultsOf(id);
      expect(results).toHaveLength(2);
      const correct = results.filter((r) => r.passed).length;
      expect(run.stdout).toMatch(new RegExp(`│ accuracy\\s+│ [\\d.]+% \\(${correct}/2\\)`));
      for (const result of results) {
        expect(result.error).toBeNull();
        expect(result.result).not.toBe("");
        expect(result.tokens.completion).toBeGreaterThan(0);
        expect(result.tokens.completion).toBeLessThanOrEqual(MAX_TOKENS);
      }
    },
    MODEL_TIMEOUT_MS,
  );
});

/** A custom benchmark of QUESTIONS, scored numerically, as `assay benchmarks create` makes it. */
async function createQuestionsBenchmark(): Promise<string> {
  const rows = QUESTIONS.map((q) => JSON.stringify(q)).join("\n");
  await uploadFile(service, tenant, "questions.jsonl", rows);
  const res = await service.call<{ data: { benchmark_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
    {
      json: {
        name: "Questions",
        description: "",
        file: "questions.jsonl",
        scoring_metric: "numeric",
      },
    },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.benchmark_id;
}

/** The local model as a custom model whose URL is the recording proxy's. */
async function createProxiedModel(): Promise<string> {
  const res = await service.call<{ data: { model_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-models`,
    {
      json: {
        name: "SmolLM2 135M (recorded)",
        key: "local/smollm2-135m-recorded",
        description: "llama-server behind a recording proxy",
        api_url: proxy.url,
        max_tokens: MAX_TOKENS,
        extra_payload: EXTRA_PAYLOAD,
        provider_model: PROVIDER_MODEL,
      },
    },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.model_id;
}

async function runToEnd(item: Record<string, unknown>): Promise<Evaluation> {
  const created = await createEvaluation(service, tenant, item);
  const done = await waitForEvaluation(service, created.id, {
    timeoutMs: MODEL_TIMEOUT_MS - 30_000,
  });
  if (done.status !== "success") throw new Error(`${done.status}: ${done.status_description}`);
  return done;
}

async function resultsOf(evaluationId: string): Promise<Result[]> {
  const res = await service.call<ListResultsResponse>(
    "GET",
    `/results?evaluation_id=${evaluationId}&page_size=100`,
  );
  if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
  return res.body.results;
}

/**
 * Checks one result against the call Assay made for it and against the same body sent to
 * llama-server directly: the response and token counts stored are the model's, and the score is
 * the numeric scorer's verdict on that response. Answers a line of timings.
 */
async function checkAgainstDirectCall(result: Result): Promise<string> {
  const exchange = exchangeFor(result.prompt);
  expect(exchange).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
  // The custom model's request: Assay's body with the extra payload merged over it.
  expect(JSON.parse(exchange.requestBody)).toEqual({
    model: PROVIDER_MODEL,
    messages: [{ role: "user", content: result.prompt }],
    max_tokens: MAX_TOKENS,
    temperature: 0,
    ...EXTRA_PAYLOAD,
  });
  const seen = completionOf(exchange.status, exchange.responseBody);
  const direct = await callDirectly(exchange);
  expect(direct).toEqual(seen);
  expect(direct.content).not.toBe("");
  expect(direct.completionTokens).toBeGreaterThan(0);
  expect(direct.completionTokens).toBeLessThanOrEqual(MAX_TOKENS);

  expect(result.error).toBeNull();
  expect(result.result).toBe(direct.content);
  // SmolLM2 does not reason: no reasoning text, no reasoning tokens.
  expect(result.tokens).toEqual({
    prompt: direct.promptTokens,
    completion: direct.completionTokens,
    reasoning: 0,
  });
  expect(result.reasoning).toBeNull();
  const verdict = getScorer("numeric")({
    response: result.result,
    truth: result.truth,
    prompt: result.prompt,
  });
  expect({ score: result.score, passed: result.passed, reason: result.reason }).toEqual({
    score: verdict.score,
    passed: verdict.passed,
    reason: verdict.reason,
  });
  // llama-server's own timings of the call Assay made (they differ from call to call).
  const { timings } = JSON.parse(exchange.responseBody) as {
    timings: { prompt_ms: number; predicted_ms: number };
  };
  const server = `${timings.prompt_ms.toFixed(0)} + ${timings.predicted_ms.toFixed(0)} ms in llama-server`;
  return `#${result.position} ${direct.promptTokens} + ${direct.completionTokens} tokens, ${result.duration.toFixed(2)} s (${server}), ${result.passed ? "right" : "wrong"}`;
}

/** The proxied call whose last message is `prompt`. */
function exchangeFor(prompt: string): Exchange {
  const found = proxy.exchanges.filter((e) => {
    const body = JSON.parse(e.requestBody) as { messages: { content: string }[] };
    return body.messages.at(-1)?.content === prompt;
  });
  expect(found, `calls for ${JSON.stringify(prompt)}`).toHaveLength(1);
  return found[0] as Exchange;
}

interface Completion {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

/** The recorded body, byte for byte, to llama-server itself. */
async function callDirectly(exchange: Exchange): Promise<Completion> {
  const response = await fetch(`${model.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": exchange.contentType ?? "application/json" },
    body: exchange.requestBody,
  });
  return completionOf(response.status, await response.text());
}

function completionOf(status: number, text: string): Completion {
  expect(status, text).toBe(200);
  const body = JSON.parse(text) as {
    choices: { message: { content: string } }[];
    usage: { prompt_tokens: number; completion_tokens: number };
  };
  return {
    content: body.choices[0]?.message.content as string,
    promptTokens: body.usage.prompt_tokens,
    completionTokens: body.usage.completion_tokens,
  };
}
