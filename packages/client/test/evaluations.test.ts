import {
  BadRequestError,
  type Evaluation,
  NotFoundError,
  type RepeatStats,
  WaitTimeoutError,
} from "@assay/client";
import { APIConnectionError, ServiceError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import {
  BENCHMARK_ID,
  EVALUATION_ID,
  evaluationBody,
  MODEL_ID,
} from "./support/evaluation-fixtures.ts";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/** `client.evaluations` against a scripted server: what goes on the wire, and the waiting loop. */

const CREATE_PATH = "/organizations/org-1/projects/proj-1/evaluations";
const GET_PATH = `/evaluations/${EVALUATION_ID}`;
const created = { status: 201, body: { status: "success", data: [evaluationBody()] } };

const bodyOf = (request: { body: Buffer } | undefined) =>
  JSON.parse(request?.body.toString() ?? "null") as unknown;

describe("create", () => {
  it("posts a one-element array with the custom flags, and answers data[0]", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", CREATE_PATH, created);
    const client = testClient(server);
    // A custom model (it has organization_id, even null) and a catalog benchmark.
    const model = { id: MODEL_ID, key: "acme/llama-3", organization_id: null };
    const benchmark = { id: BENCHMARK_ID, key: "gsm8k" };

    const evaluation = await client.evaluations.create(model, benchmark);
    expect(evaluation).toEqual(evaluationBody());
    expect(bodyOf(server.requestsTo("POST", CREATE_PATH)[0])).toEqual([
      {
        model_id: MODEL_ID,
        dataset_id: BENCHMARK_ID,
        is_custom_model: true,
        is_custom_dataset: false,
      },
    ]);

    await client.evaluations.create(
      { id: MODEL_ID },
      { id: BENCHMARK_ID, organization_id: "org-1" },
      {
        limit: 5,
        concurrency: 2,
        cache: false,
      },
    );
    expect(bodyOf(server.requestsTo("POST", CREATE_PATH)[1])).toEqual([
      {
        model_id: MODEL_ID,
        dataset_id: BENCHMARK_ID,
        is_custom_model: false,
        is_custom_dataset: true,
        limit: 5,
        concurrency: 2,
        cache: false,
      },
    ]);
  });

  it("sends the sampling options under their wire names, and nothing when left out", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", CREATE_PATH, created);
    const client = testClient(server);
    await client.evaluations.create(
      { id: MODEL_ID },
      { id: BENCHMARK_ID },
      { temperature: 0.7, topP: 0.9, seed: 42, maxTokens: 2048, reasoningEffort: "low" },
    );
    await client.evaluations.createMany([
      { model: { id: MODEL_ID }, benchmark: { id: BENCHMARK_ID }, temperature: 0 },
    ]);
    const [sampled, zero] = server.requestsTo("POST", CREATE_PATH).map(bodyOf);
    expect(sampled).toEqual([
      {
        model_id: MODEL_ID,
        dataset_id: BENCHMARK_ID,
        is_custom_model: false,
        is_custom_dataset: false,
        temperature: 0.7,
        top_p: 0.9,
        seed: 42,
        max_tokens: 2048,
        reasoning_effort: "low",
      },
    ]);
    // 0 is a value (greedy decoding), not "left out".
    expect((zero as object[])[0]).toMatchObject({ temperature: 0 });
    expect(Object.keys((zero as object[])[0] as object)).not.toContain("top_p");
  });

  it("leaves checking the options to the server: its 400 names the field", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    const message = "openai-gpt-5 takes no temperature (reasoning models sample at 1)";
    server.on("POST", CREATE_PATH, {
      status: 400,
      body: {
        error: {
          message: `body.0.temperature: ${message}`,
          code: "VALIDATION_ERROR",
          details: [{ field: "body.0.temperature", message }],
        },
      },
    });
    const error = await testClient(server)
      .evaluations.create({ id: MODEL_ID }, { id: BENCHMARK_ID }, { temperature: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).body).toMatchObject({
      details: [{ field: "body.0.temperature", message }],
    });
    expect(server.requestsTo("POST", CREATE_PATH)).toHaveLength(1);
  });

  it("reads the sampling asked and the request sent back from the evaluation", async () => {
    await using server = await startScriptedServer();
    const options = {
      ...evaluationBody().assay.options,
      temperature: null,
      reasoning_effort: "low" as const,
      max_tokens: 25_000,
      request: {
        profile: "openai-gpt-5",
        parameters: { max_completion_tokens: 25_000, reasoning_effort: "low" },
      },
    };
    const tokens = { prompt: 100, completion: 900, total: 1000, reasoning: 640 };
    server.on("GET", GET_PATH, {
      body: evaluationBody("success", 10, {
        assay: { ...evaluationBody().assay, options, tokens },
      }),
    });
    const evaluation = await testClient(server).evaluations.getById(EVALUATION_ID);
    expect(evaluation.assay.options).toEqual(options);
    expect(evaluation.assay.tokens.reasoning).toBe(640);
  });

  it("sends repeats as the wire's repeats, and reads the repeat statistics back", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    const finished = evaluationBody("success", 10);
    const repeats: RepeatStats = {
      repeats: 4,
      prompts: 10,
      within_prompt_variance: 0.05,
      flip_rate: 0.2,
      majority_vote: 0.8,
      pass_at_k: [
        { k: 1, pass_at_k: 0.75, pass_hat_k: 0.75 },
        { k: 4, pass_at_k: 0.9, pass_hat_k: 0.6 },
      ],
      pass_count_histogram: [1, 0, 1, 2, 6],
    };
    const run = {
      ...finished,
      assay: {
        ...finished.assay,
        accuracy_interval: "clustered" as const,
        repeats,
        options: { ...finished.assay.options, repeats: 4, seed: 10 },
      },
    };
    server.on("POST", CREATE_PATH, { status: 201, body: { status: "success", data: [run] } });
    const client = testClient(server);
    const evaluation = await client.evaluations.create(
      { id: MODEL_ID },
      { id: BENCHMARK_ID },
      { repeats: 4, seed: 10 },
    );
    await client.evaluations.createMany([
      { model: { id: MODEL_ID }, benchmark: { id: BENCHMARK_ID } },
    ]);
    const [asked, plain] = server.requestsTo("POST", CREATE_PATH).map(bodyOf);
    expect((asked as object[])[0]).toMatchObject({ repeats: 4, seed: 10 });
    // Left out, nothing is sent: the server's default of one answer per prompt.
    expect(Object.keys((plain as object[])[0] as object)).not.toContain("repeats");
    expect(evaluation.assay.accuracy_interval).toBe("clustered");
    expect(evaluation.assay.repeats).toEqual(repeats);
    expect(evaluation.assay.options.repeats).toBe(4);
  });

  it("creates several in one request with createMany", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    const second = evaluationBody("pending", 0, { id: "ev-2" });
    server.on("POST", CREATE_PATH, {
      status: 201,
      body: { status: "success", data: [evaluationBody(), second] },
    });
    const answer = await testClient(server).evaluations.createMany([
      { model: { id: MODEL_ID }, benchmark: { id: BENCHMARK_ID } },
      { model: { id: "m-2" }, benchmark: { id: BENCHMARK_ID }, limit: 1 },
    ]);
    expect(answer.map((e) => e.id)).toEqual([EVALUATION_ID, "ev-2"]);
    expect(bodyOf(server.requestsTo("POST", CREATE_PATH)[0])).toHaveLength(2);
  });

  it("refuses an empty answer instead of returning undefined", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("POST", CREATE_PATH, { status: 201, body: { status: "success", data: [] } });
    await expect(
      testClient(server).evaluations.create({ id: MODEL_ID }, { id: BENCHMARK_ID }),
    ).rejects.toBeInstanceOf(ServiceError);
  });
});

describe("get and cancel", () => {
  it("read /evaluations/{id} (no organization lookup) from an object or an id", async () => {
    await using server = await startScriptedServer();
    server.on("GET", GET_PATH, { body: evaluationBody("in-progress", 3) });
    const client = testClient(server);
    const byObject = await client.evaluations.get(evaluationBody());
    const byId = await client.evaluations.getById(EVALUATION_ID);
    const byString = await client.evaluations.get(EVALUATION_ID);
    for (const evaluation of [byObject, byId, byString]) {
      expect(evaluation).toMatchObject({ status: "in-progress", assay: { progress: { done: 3 } } });
    }
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(3).fill(`GET ${GET_PATH}`),
    );
  });

  it("raise NotFoundError for an unknown id", async () => {
    await using server = await startScriptedServer();
    await expect(testClient(server).evaluations.getById("nope")).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("cancel posts to /evaluations/{id}/cancel and answers the evaluation", async () => {
    await using server = await startScriptedServer();
    server.on("POST", `${GET_PATH}/cancel`, { body: evaluationBody("cancelled", 4) });
    const cancelled = await testClient(server).evaluations.cancel({ id: EVALUATION_ID });
    expect(cancelled.status).toBe("cancelled");
    expect(server.requests[0]?.body.length).toBe(0);
  });
});

describe("getMany", () => {
  it("always sends the project, page and page size; filters only when given", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/organizations", organizationReply());
    server.on("GET", "/evaluations", {
      body: { evaluations: [evaluationBody()], total_count: 250 },
    });
    const client = testClient(server);

    const first = await client.evaluations.getMany();
    expect(first).toEqual({
      evaluations: [evaluationBody()],
      totalCount: 250,
      pagination: { page: 1, pageSize: 100, totalPages: 3, totalCount: 250 },
    });
    const [list] = server.requestsTo("GET", "/evaluations");
    expect(Object.fromEntries(list?.query ?? [])).toEqual({
      organization_id: "org-1",
      project_id: "proj-1",
      page: "1",
      page_size: "100",
    });

    const filtered = await client.evaluations.getMany({
      page: 2,
      pageSize: 1000,
      sortBy: "accuracy",
      order: "desc",
      modelIds: ["m-1", "m-2"],
      benchmarkIds: [BENCHMARK_ID],
      status: "success",
      unique: true,
      search: "gpt 4%",
    });
    expect(filtered.pagination).toEqual({ page: 2, pageSize: 500, totalPages: 1, totalCount: 250 });
    expect(server.requestsTo("GET", "/evaluations")[1]?.query.toString()).toBe(
      `organization_id=org-1&project_id=proj-1&page=2&page_size=500&sort_by=accuracy&order=desc&models=m-1%2Cm-2&datasets=${BENCHMARK_ID}&status=success&unique=true&search=gpt+4%25`,
    );

    // Empty lists and `unique: false` are left out, as the original SDK does.
    await client.evaluations.getMany({ modelIds: [], unique: false });
    expect(server.requestsTo("GET", "/evaluations")[2]?.query.toString()).toBe(
      "organization_id=org-1&project_id=proj-1&page=1&page_size=100",
    );
    expect(server.requestsTo("GET", "/organizations")).toHaveLength(1);
  });
});

describe("waitForCompletion", () => {
  it("polls at once, then every interval, until success; onProgress sees every poll", async () => {
    await using server = await startScriptedServer();
    server.on(
      "GET",
      GET_PATH,
      { body: evaluationBody("pending") },
      { body: evaluationBody("in-progress", 4) },
      { body: evaluationBody("success", 10) },
    );
    const seen: Evaluation[] = [];
    const started = performance.now();
    const done = await testClient(server).evaluations.waitForCompletion(EVALUATION_ID, {
      intervalMs: 40,
      onProgress: (evaluation) => seen.push(evaluation),
    });
    expect(done.status).toBe("success");
    expect(seen.map((e) => [e.status, e.assay.progress.done])).toEqual([
      ["pending", 0],
      ["in-progress", 4],
      ["success", 10],
    ]);
    expect(server.requests).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
  });

  it("ends on every finished status, cancelled included", async () => {
    for (const status of ["failure", "timeout", "cancelled"] as const) {
      await using server = await startScriptedServer();
      server.on(
        "GET",
        GET_PATH,
        { body: evaluationBody("in-progress", 1) },
        {
          body: evaluationBody(status, 2, { status_description: `ended: ${status}` }),
        },
      );
      const done = await testClient(server).evaluations.waitForCompletion(evaluationBody(), {
        intervalMs: 1,
      });
      expect(done).toMatchObject({ status, status_description: `ended: ${status}` });
    }
  });

  it("raises WaitTimeoutError with the last state after timeoutMs, without cancelling", async () => {
    await using server = await startScriptedServer();
    server.on("GET", GET_PATH, { body: evaluationBody("in-progress", 2) });
    const started = performance.now();
    const error = (await testClient(server)
      .evaluations.waitForCompletion(EVALUATION_ID, { intervalMs: 30, timeoutMs: 100 })
      .catch((e: unknown) => e)) as WaitTimeoutError<Evaluation>;
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe(
      `Evaluation ${EVALUATION_ID} was still in-progress after 100 ms; it goes on on the server.`,
    );
    expect(error.timeoutMs).toBe(100);
    expect(error.last.assay.progress.done).toBe(2);
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(1_000);
    // A final poll at the deadline, and no cancel.
    expect(server.requests.length).toBeGreaterThanOrEqual(4);
    expect(server.requests.every((r) => r.method === "GET")).toBe(true);
  });

  it("stops waiting when the signal aborts, between polls", async () => {
    await using server = await startScriptedServer();
    server.on("GET", GET_PATH, { body: evaluationBody("in-progress", 2) });
    const controller = new AbortController();
    const waiting = testClient(server).evaluations.waitForCompletion(EVALUATION_ID, {
      intervalMs: 60_000,
      signal: controller.signal,
      onProgress: () => setTimeout(() => controller.abort(new Error("Ctrl-C")), 20),
    });
    const error = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe("Request aborted by the caller's signal.");
    expect(server.requests).toHaveLength(1);
  });

  it("refuses a negative interval or timeout before any request", async () => {
    await using server = await startScriptedServer();
    const evaluations = testClient(server).evaluations;
    await expect(evaluations.waitForCompletion("x", { intervalMs: -1 })).rejects.toBeInstanceOf(
      ServiceError,
    );
    await expect(
      evaluations.waitForCompletion("x", { timeoutMs: Number.NaN }),
    ).rejects.toBeInstanceOf(ServiceError);
    expect(server.requests).toHaveLength(0);
  });
});
