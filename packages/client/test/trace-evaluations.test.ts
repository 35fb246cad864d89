import { type TraceEvaluation, WaitTimeoutError } from "@assay/client";
import { APIConnectionError, InternalServerError, ServiceError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { type ScriptedServer, startScriptedServer } from "./support/scripted-server.ts";
import {
  bodyOf,
  JUDGE_ID,
  judgeBody,
  PROJECT_PATH,
  resultBody,
  TRACE_EVALUATION_ID,
  TRACE_ID,
  traceBody,
  traceEvaluationBody,
  wrapped,
} from "./support/trace-fixtures.ts";

/** `client.traceEvaluations` against a scripted server: requests, the 404 rule, the wait. */

const BASE = `${PROJECT_PATH}/trace-evaluations`;
const ONE = `${BASE}/${TRACE_EVALUATION_ID}`;
const RESULTS = `${ONE}/results`;
const NO_RESULT = {
  status: 404,
  body: { error: { message: "no result yet", code: "NOT_FOUND" } },
};

async function scripted(): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
  return server;
}

describe("create and createMany", () => {
  it("post trace and judge ids, from ids or objects", async () => {
    await using server = await scripted();
    server.on("POST", BASE, wrapped(traceEvaluationBody(), 201));
    const second = traceEvaluationBody("pending", { id: "te-2", trace_id: "t-2" });
    server.on(
      "POST",
      `${BASE}/bulk`,
      wrapped({ trace_evaluations: [traceEvaluationBody(), second] }, 201),
    );
    const client = testClient(server);

    expect(await client.traceEvaluations.create(TRACE_ID, JUDGE_ID)).toEqual(traceEvaluationBody());
    await client.traceEvaluations.create(traceBody(), judgeBody());
    expect(server.requestsTo("POST", BASE).map(bodyOf)).toEqual([
      { trace_id: TRACE_ID, judge_id: JUDGE_ID },
      { trace_id: TRACE_ID, judge_id: JUDGE_ID },
    ]);

    const many = await client.traceEvaluations.createMany([TRACE_ID, { id: "t-2" }], judgeBody());
    expect(many.map((e) => e.id)).toEqual([TRACE_EVALUATION_ID, "te-2"]);
    expect(bodyOf(server.requestsTo("POST", `${BASE}/bulk`)[0])).toEqual({
      judge_id: JUDGE_ID,
      trace_ids: [TRACE_ID, "t-2"],
    });
  });
});

describe("get, getResults, estimateCost", () => {
  it("read the state, the verdict (undefined on 404) and the estimate", async () => {
    await using server = await scripted();
    server.on("GET", ONE, wrapped(traceEvaluationBody("in_progress")));
    server.on("GET", RESULTS, NO_RESULT, wrapped(resultBody()));
    const estimate = {
      estimated_cost: 0.0123,
      input_tokens: 1200,
      output_tokens: 300,
      model: "fake/judge",
      trace_count: 2,
    };
    server.on("POST", `${BASE}/estimate`, wrapped(estimate));
    const traceEvaluations = testClient(server).traceEvaluations;

    expect((await traceEvaluations.get(TRACE_EVALUATION_ID)).status).toBe("in_progress");
    expect(await traceEvaluations.getResults(TRACE_EVALUATION_ID)).toBeUndefined();
    expect(await traceEvaluations.getResults(traceEvaluationBody())).toEqual(resultBody());
    expect(await traceEvaluations.estimateCost([TRACE_ID, "t-2"], JUDGE_ID)).toEqual(estimate);
    expect(bodyOf(server.requestsTo("POST", `${BASE}/estimate`)[0])).toEqual({
      trace_ids: [TRACE_ID, "t-2"],
      judge_id: JUDGE_ID,
    });
  });

  it("getResults raises errors other than 404", async () => {
    await using server = await scripted();
    server.on("GET", RESULTS, { status: 500, body: { error: { message: "boom" } } });
    const client = testClient(server, { maxRetries: 0 });
    await expect(client.traceEvaluations.getResults(TRACE_EVALUATION_ID)).rejects.toBeInstanceOf(
      InternalServerError,
    );
  });
});

describe("getMany", () => {
  it("sends page and page size (default 20, clamped to 1…100) and reads `total`", async () => {
    await using server = await scripted();
    server.on(
      "GET",
      BASE,
      wrapped({ trace_evaluations: [traceEvaluationBody()], count: 1, total: 41 }),
    );
    const traceEvaluations = testClient(server).traceEvaluations;

    expect(await traceEvaluations.getMany()).toEqual({
      traceEvaluations: [traceEvaluationBody()],
      count: 1,
      totalCount: 41,
      pagination: { page: 1, pageSize: 20, totalPages: 3, totalCount: 41 },
    });
    const filtered = await traceEvaluations.getMany({
      page: 2,
      pageSize: 500,
      judgeId: JUDGE_ID,
      traceId: TRACE_ID,
      outcome: "pass",
      timeRange: "24h",
      search: "concise",
      sortBy: "score",
      sortOrder: "desc",
    });
    expect(filtered.pagination).toEqual({ page: 2, pageSize: 100, totalPages: 1, totalCount: 41 });
    expect(server.requestsTo("GET", BASE).map((r) => r.query.toString())).toEqual([
      "page=1&page_size=20",
      `page=2&page_size=100&judge_id=${JUDGE_ID}&trace_id=${TRACE_ID}&outcome=pass&time_range=24h&search=concise&sort_by=score&sort_order=desc`,
    ]);
  });
});

describe("waitForCompletion", () => {
  it("polls at once, then every interval, until success, then reads the verdict once", async () => {
    await using server = await scripted();
    server.on(
      "GET",
      ONE,
      wrapped(traceEvaluationBody("pending")),
      wrapped(traceEvaluationBody("in_progress")),
      wrapped(traceEvaluationBody("success")),
    );
    server.on("GET", RESULTS, wrapped(resultBody()));
    const seen: string[] = [];
    const started = performance.now();
    const finished = await testClient(server).traceEvaluations.waitForCompletion(
      traceEvaluationBody(),
      { intervalMs: 40, onProgress: (e) => seen.push(e.status) },
    );
    expect(finished).toEqual({
      traceEvaluation: traceEvaluationBody("success"),
      result: resultBody(),
    });
    expect(seen).toEqual(["pending", "in_progress", "success"]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /organizations",
      `GET ${ONE}`,
      `GET ${ONE}`,
      `GET ${ONE}`,
      `GET ${RESULTS}`,
    ]);
  });

  it("ends on failure without asking for a verdict", async () => {
    await using server = await scripted();
    server.on("GET", ONE, wrapped(traceEvaluationBody("failure")));
    const finished =
      await testClient(server).traceEvaluations.waitForCompletion(TRACE_EVALUATION_ID);
    expect(finished.result).toBeUndefined();
    expect(finished.traceEvaluation.status_description).toBe("the judge model answered 500");
    expect(server.requestsTo("GET", RESULTS)).toHaveLength(0);
  });

  it("raises WaitTimeoutError with the last state after timeoutMs", async () => {
    await using server = await scripted();
    server.on("GET", ONE, wrapped(traceEvaluationBody("in_progress")));
    const started = performance.now();
    const error = (await testClient(server)
      .traceEvaluations.waitForCompletion(TRACE_EVALUATION_ID, { intervalMs: 30, timeoutMs: 100 })
      .catch((e: unknown) => e)) as WaitTimeoutError<TraceEvaluation>;
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toBe(
      `Trace evaluation ${TRACE_EVALUATION_ID} was still in_progress after 100 ms; it goes on on the server.`,
    );
    expect(error.timeoutMs).toBe(100);
    expect(error.last.status).toBe("in_progress");
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("stops waiting when the signal aborts", async () => {
    await using server = await scripted();
    server.on("GET", ONE, wrapped(traceEvaluationBody("pending")));
    const controller = new AbortController();
    const error = await testClient(server)
      .traceEvaluations.waitForCompletion(TRACE_EVALUATION_ID, {
        intervalMs: 60_000,
        timeoutMs: Number.POSITIVE_INFINITY,
        signal: controller.signal,
        onProgress: () => setTimeout(() => controller.abort(new Error("Ctrl-C")), 20),
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.requestsTo("GET", ONE)).toHaveLength(1);
  });

  it("refuses a bad interval or timeout before any request", async () => {
    await using server = await scripted();
    const traceEvaluations = testClient(server).traceEvaluations;
    for (const options of [
      { intervalMs: -1 },
      { intervalMs: Number.POSITIVE_INFINITY },
      { timeoutMs: Number.NaN },
    ]) {
      await expect(traceEvaluations.waitForCompletion("x", options)).rejects.toBeInstanceOf(
        ServiceError,
      );
    }
    expect(server.requests).toHaveLength(0);
  });
});
