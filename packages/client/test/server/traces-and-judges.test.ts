import { type Client, NotFoundError } from "@assay/client";
import { ConflictError } from "@assay/client/errors";
import {
  type FakeBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient, requestLog } from "../support/service-clients.ts";

/**
 * The flow of protocol §17 Flow 2 through `@assay/client`, against a real Assay server with
 * workers and a fake judge model: upload a JSONL file, create a judge, evaluate the first trace,
 * read the verdict.
 */

/**
 * A judge that passes every trace unless it contains "WRONG"; a trace containing "BROKEN" makes
 * the judge model refuse the request (400, not retried), so its evaluation fails.
 */
const judgeBehavior: FakeBehavior = ({ lastUserMessage }) =>
  lastUserMessage.includes("BROKEN")
    ? { status: 400, body: { error: { message: "this model cannot judge that" } } }
    : {
        content: JSON.stringify(
          lastUserMessage.includes("WRONG")
            ? { reasoning: "The answer is wrong.", score: 0.1, passed: false }
            : { reasoning: "The answer is right.", score: 0.9, passed: true },
        ),
      };

const JSONL = [
  { input: [{ role: "user", content: "What is 2 + 2?" }], output: "4" },
  { input: "What is the capital of France?", output: "Berlin (WRONG)" },
]
  .map((record) => JSON.stringify(record))
  .join("\n");

let service: TestService;
let judgeModel: FakeModelServer;
beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  judgeModel = await startFakeModelServer({ latencyMs: 5, behavior: judgeBehavior });
});
afterAll(async () => {
  await judgeModel?.close();
  await service?.close();
});

/** A new tenant whose project has the fake judge as a custom model. */
async function setUp(fetch?: ReturnType<typeof requestLog>["fetch"]) {
  const client = await newTenantClient(service, { fetch });
  const { model_id } = await client.models.createCustom({
    name: "Fake judge",
    key: `fake/judge-${Date.now()}`,
    description: "",
    api_url: judgeModel.url,
    max_tokens: 256,
  });
  return { client, modelId: model_id };
}

async function createJudge(client: Client, modelId: string, name = "Correctness") {
  return client.judges.create({
    name,
    evaluation_goal: "The answer to the user's question is correct.",
    model_id: modelId,
  });
}

describe("upload → judge → evaluate → verdict", () => {
  it("follows the original SDK's requests and reads the verdict", async () => {
    const log = requestLog(service.apiUrl);
    const { client, modelId } = await setUp(log.fetch);
    const before = log.requests.length;

    const { trace_ids } = await client.traces.upload({
      data: new TextEncoder().encode(JSONL),
      filename: "traces.jsonl",
    });
    expect(trace_ids).toHaveLength(2);
    const judge = await createJudge(client, modelId);
    expect(judge).toMatchObject({ name: "Correctness", version: 1, model_id: modelId });
    const created = await client.traceEvaluations.create(trace_ids[0] as string, judge);
    expect(created).toMatchObject({
      trace_id: trace_ids[0],
      judge_id: judge.id,
      status: "pending",
    });
    const { traceEvaluation, result } = await client.traceEvaluations.waitForCompletion(created, {
      intervalMs: 100,
      timeoutMs: 25_000,
    });
    expect(traceEvaluation.status).toBe("success");
    expect(traceEvaluation.judge_snapshot).toMatchObject({ name: "Correctness", version: 1 });
    expect(result).toMatchObject({
      trace_evaluation_id: created.id,
      trace_id: trace_ids[0],
      judge_id: judge.id,
      score: 0.9,
      passed: true,
      reasoning: "The answer is right.",
    });

    const P = `/organizations/${client.organizationId}/projects/${client.projectId}`;
    const routes = log.requests.slice(before).map((r) => r.route);
    expect(routes.slice(0, 6)).toEqual([
      `POST ${P}/traces/upload`,
      expect.stringMatching(/^PUT /),
      `POST ${P}/traces`,
      `POST ${P}/judges`,
      `GET ${P}/judges/${judge.id}`,
      `POST ${P}/trace-evaluations`,
    ]);
    expect(routes.at(-1)).toBe(`GET ${P}/trace-evaluations/${created.id}/results`);
    expect(log.requests.find((r) => r.route === `POST ${P}/traces/upload`)?.body).toEqual({
      filename: "traces.jsonl",
      type: "application/jsonl",
      size: new TextEncoder().encode(JSONL).byteLength,
    });
  });

  it("judges many traces at once, lists, estimates, and deletes", async () => {
    const { client, modelId } = await setUp();
    const { trace_ids } = await client.traces.upload({
      data: new TextEncoder().encode(JSONL),
      filename: "many.jsonl",
    });
    const judge = await createJudge(client, modelId);
    const estimate = await client.traceEvaluations.estimateCost(trace_ids, judge);
    expect(estimate).toMatchObject({ trace_count: 2 });
    expect(estimate.input_tokens).toBeGreaterThan(0);

    const started = await client.traceEvaluations.createMany(trace_ids, judge);
    expect(started.map((e) => e.trace_id)).toEqual(trace_ids);
    const finished = await Promise.all(
      started.map((e) =>
        client.traceEvaluations.waitForCompletion(e, { intervalMs: 100, timeoutMs: 25_000 }),
      ),
    );
    expect(finished.map((f) => f.result?.passed)).toEqual([true, false]);

    const page = await client.traceEvaluations.getMany({ judgeId: judge.id });
    expect(page.totalCount).toBe(2);
    const failedOnly = await client.traceEvaluations.getMany({
      judgeId: judge.id,
      outcome: "fail",
    });
    expect(failedOnly.traceEvaluations.map((e) => e.trace_id)).toEqual([trace_ids[1]]);
    const failedTraces = await client.traces.getMany({ judgeId: judge.id, status: "fail" });
    expect(failedTraces.traces.map((t) => t.id)).toEqual([trace_ids[1]]);
    expect(await client.traces.getSources()).toEqual(["many.jsonl"]);
    expect((await client.judges.get(judge)).run_count).toBe(2);

    // A second judge of the same name is refused.
    await expect(createJudge(client, modelId)).rejects.toBeInstanceOf(ConflictError);

    await client.traces.delete(trace_ids[1] as string);
    await expect(client.traces.get(trace_ids[1] as string)).rejects.toBeInstanceOf(NotFoundError);
    const deleted = await client.judges.delete(judge);
    expect(deleted.id).toBe(judge.id);
    await expect(client.judges.get(judge)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("answers a failed evaluation with its error, not undefined and not an exception", async () => {
    const { client, modelId } = await setUp();
    const { trace_ids } = await client.traces.upload({
      data: new TextEncoder().encode(JSON.stringify({ input: "Say hi", output: "BROKEN" })),
      filename: "broken.jsonl",
    });
    const judge = await createJudge(client, modelId);
    const created = await client.traceEvaluations.create(trace_ids[0] as string, judge);
    // No intervalMs: the default (adaptive) schedule.
    const finished = await client.traceEvaluations.waitForCompletion(created, {
      timeoutMs: 25_000,
    });
    expect(finished).toBeDefined();
    expect(finished.traceEvaluation).toMatchObject({ id: created.id, status: "failure" });
    expect(finished.traceEvaluation.status_description).toContain("400");
    expect(finished.result).toBeUndefined();
  });

  it("answers undefined for a verdict that does not exist", async () => {
    const { client } = await setUp();
    expect(
      await client.traceEvaluations.getResults("00000000-0000-4000-8000-000000000000"),
    ).toBeUndefined();
  });
});
