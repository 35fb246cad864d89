import type { ErrorBody, ListResultsResponse } from "@assay/protocol";
import {
  createModel,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { importTraces, jsonl } from "@assay/test-kit/trace-fixtures.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Text no database can store as sent — a NUL character (PostgreSQL refuses it: it was a 500 there
 * while SQLite stored it) or a lone surrogate (read back changed on both) — gets the same answer
 * on both databases: 400 naming the field, 422 naming the line of a file, and nothing created.
 */
let service: TestService;
let tenant: Tenant;
let P: string;
let fake: FakeModelServer;

beforeAll(async () => {
  fake = await startFakeModelServer({
    behavior: () => ({ content: `The answer is 4${NUL} \ud800` }),
  });
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_JOB_POLL_INTERVAL_MS: "50" },
  });
  tenant = await tenantOf(service);
  P = `/organizations/${tenant.org}/projects/${tenant.project}`;
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";

function expectRefused(res: { status: number; body: unknown; text: string }, field: string) {
  expect(res.status, res.text).toBe(400);
  const { error } = res.body as ErrorBody;
  expect(error.code).toBe("VALIDATION_ERROR");
  expect(error.details?.[0]?.field).toBe(field);
}

describe("request fields", () => {
  it.each([
    ["NUL", NUL, "NUL character"],
    ["a lone surrogate", LONE_SURROGATE, "lone surrogate"],
  ])(
    "refuses %s in a model name, a judge name and nested fields, creating nothing",
    async (_, text, words) => {
      const model = await service.call("POST", `${P}/custom-models`, {
        json: {
          name: text,
          key: "acme/x",
          description: "",
          api_url: "https://api.example.test/v1",
        },
      });
      expectRefused(model, "body.name");
      expect((model.body as ErrorBody).error.message).toContain(words);

      const payload = await service.call("POST", `${P}/custom-models`, {
        json: {
          name: "ok",
          key: "acme/y",
          description: "",
          api_url: "https://api.example.test/v1",
          extra_payload: { stop: ["fine", text] },
        },
      });
      expectRefused(payload, "body.extra_payload.stop.1");

      expectRefused(
        await service.call("POST", `${P}/judges`, {
          json: { name: text, evaluation_goal: "be right" },
        }),
        "body.name",
      );
      const models = await service.call<{ data: { models: unknown[] } }>(
        "GET",
        `${P}/models?type=custom`,
      );
      expect(models.body.data.models).toEqual([]);
    },
  );

  it("refuses NUL in a search query and in a path id", async () => {
    expectRefused(
      await service.call("GET", `${P}/traces?search=${encodeURIComponent(NUL)}`),
      "query.search",
    );
    expectRefused(
      await service.call("GET", `/results?evaluation_id=e&search=${encodeURIComponent(NUL)}`),
      "query.search",
    );
    expectRefused(
      await service.call("GET", `/evaluations/${encodeURIComponent(NUL)}`),
      "params.evaluation_id",
    );
  });
});

describe("uploaded files", () => {
  it("refuses a benchmark row with NUL or a lone surrogate with 422 naming the line and field", async () => {
    await uploadFile(
      service,
      tenant,
      "rows.jsonl",
      jsonl(
        { input: "fine", truth: "1" },
        { input: NUL, truth: "2" },
        { input: "x", truth: LONE_SURROGATE },
      ),
    );
    const res = await service.call("POST", `${P}/custom-benchmarks`, {
      json: { name: "Rows", description: "", file: "rows.jsonl" },
    });
    expect(res.status, res.text).toBe(422);
    expect((res.body as ErrorBody).error.details).toEqual([
      { field: "line 2", message: "`input` must not contain a NUL character (\\u0000)" },
      { field: "line 3", message: "`truth` must not contain a lone surrogate (invalid Unicode)" },
    ]);
    const listed = await service.call<{ data: { datasets: unknown[] } }>(
      "GET",
      `${P}/benchmarks?type=custom`,
    );
    expect(listed.body.data.datasets).toEqual([]);
  });

  it("refuses a trace with NUL deep inside with 422 naming the line", async () => {
    const res = await importTraces(
      service,
      tenant,
      "traces.jsonl",
      jsonl({ input: "hi", output: "hello" }, { input: "hi", output: { parts: [NUL] } }),
    );
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.details).toEqual([
      { field: "line 2", message: "`output.parts.0` must not contain a NUL character (\\u0000)" },
    ]);
  });

  it("still takes well-formed text outside the BMP, escaped or not", async () => {
    const res = await importTraces(
      service,
      tenant,
      "emoji.jsonl",
      `{"input":"\\ud83d\\ude00 escaped","output":"😀 raw"}\n`,
    );
    expect(res.status, res.text).toBe(201);
  });
});

describe("model URLs", () => {
  it("refuses a host longer than DNS allows with 400 naming body.api_url (it was a 500)", async () => {
    const host = `${"a".repeat(63)}.`.repeat(4).concat("example");
    const res = await service.call("POST", `${P}/custom-models`, {
      json: {
        name: "long",
        key: "acme/long",
        description: "",
        api_url: `https://${host}/v1`,
        max_tokens: 64,
      },
    });
    expectRefused(res, "body.api_url");
  });
});

describe("model answers", () => {
  it("stores an answer holding NUL and a lone surrogate (PostgreSQL refused the write)", async () => {
    await uploadFile(service, tenant, "sums.jsonl", jsonl({ input: "2+2?", truth: "4" }));
    const benchmark = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `${P}/custom-benchmarks`,
      { json: { name: "Sums", description: "", file: "sums.jsonl", scoring_metric: "numeric" } },
    );
    const done = await runEvaluation(service, tenant, {
      model_id: await createModel(service, tenant, fake.url, "acme/nul"),
      dataset_id: benchmark.body.data.benchmark_id,
    });
    expect(done.accuracy).toBe(1);
    const results = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${done.id}`,
    );
    expect(results.body.results[0]?.result).toBe("The answer is 4a\ufffdb \ufffd");
  });
});
