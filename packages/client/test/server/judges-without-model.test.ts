import {
  type FakeBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient } from "../support/service-clients.ts";

/**
 * The server's contract for a judge created without a model on a fresh install (no
 * ASSAY_DEFAULT_JUDGE_MODEL): created with a name and a goal only, it has no model fields, its
 * runs fail saying how to give it one, and once it has one they succeed.
 */

const passEverything: FakeBehavior = () => ({
  content: JSON.stringify({ reasoning: "Fine.", score: 0.9, passed: true }),
});

let service: TestService;
let judgeModel: FakeModelServer;
beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  judgeModel = await startFakeModelServer({ behavior: passEverything });
});
afterAll(async () => {
  await judgeModel?.close();
  await service?.close();
});

describe("a judge without a model on a server without a default judge model", () => {
  it("is created with a name and a goal, fails its runs clearly, and runs once it has a model", async () => {
    const client = await newTenantClient(service);
    const judge = await client.judges.create({
      name: "First judge",
      evaluation_goal: "The answer to the user's question is correct.",
    });
    expect(judge).toMatchObject({ name: "First judge", version: 1 });
    expect(judge.model_id).toBeUndefined();
    expect(judge.model_name).toBeUndefined();

    const renamed = await client.judges.update(judge, { name: "First judge, renamed" });
    expect(renamed).toMatchObject({ version: 2, name: "First judge, renamed" });
    expect(renamed.model_id).toBeUndefined();
    expect((await client.judges.getMany()).judges.map((j) => j.id)).toContain(judge.id);

    const { trace_ids } = await client.traces.upload({
      data: new TextEncoder().encode(`${JSON.stringify({ input: "2 + 2?", output: "4" })}\n`),
      filename: "traces.jsonl",
    });
    const traceId = trace_ids[0] as string;
    const failed = await client.traceEvaluations.waitForCompletion(
      await client.traceEvaluations.create(traceId, judge),
      { intervalMs: 50, timeoutMs: 25_000 },
    );
    expect(failed.traceEvaluation.status).toBe("failure");
    expect(failed.traceEvaluation.status_description).toContain("ASSAY_DEFAULT_JUDGE_MODEL");
    expect(failed.traceEvaluation.status_description).toContain(
      "judges.update(judgeId, { model_id })",
    );
    expect(failed.result).toBeUndefined();

    const { model_id } = await client.models.createCustom({
      name: "Fake judge",
      key: "fake/judge",
      description: "",
      api_url: judgeModel.url,
      max_tokens: 256,
    });
    expect((await client.judges.update(judge, { model_id })).model_id).toBe(model_id);
    const passed = await client.traceEvaluations.waitForCompletion(
      await client.traceEvaluations.create(traceId, judge),
      { intervalMs: 50, timeoutMs: 25_000 },
    );
    expect(passed.traceEvaluation.status).toBe("success");
    expect(passed.result).toMatchObject({ passed: true, score: 0.9 });

    expect((await client.judges.delete(judge)).id).toBe(judge.id);
  });
});
