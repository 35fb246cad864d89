import type {
  CreateTracesResponseSchema,
  ListTracesResponseSchema,
  TraceEvaluation,
  TraceEvaluationResult,
} from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import {
  judgeBehavior,
  projectPath,
  startJudgingService,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

const JSONL = [
  {
    input: [{ role: "user", content: "What is the capital of France?" }],
    output: "The capital of France is Paris.",
    metadata: { session: "s-1" },
  },
  { input: "What is the capital of Italy?", output: "Milan." },
]
  .map((r) => JSON.stringify(r))
  .join("\n");

type CreateTracesResponse = z.infer<typeof CreateTracesResponseSchema>;
type ListTracesResponse = z.infer<typeof ListTracesResponseSchema>;

/**
 * Protocol §17 flow 2, as the original quickstart does it: upload a JSONL file, create a judge,
 * evaluate the first trace, then poll only the results endpoint (404s tolerated) until the verdict.
 */
describe.each(DIALECTS)("upload, judge, evaluate, read the result on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: judgeBehavior() });
    service = await startJudgingService(dialect);
    tenant = await tenantOf(service);
    await createModel(service, tenant, fake.url, "acme/judge");
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  it("ends with the judge's verdict on the first trace", async () => {
    const P = projectPath(tenant);
    await uploadFile(service, { ...tenant, purpose: "trace" }, "traces.jsonl", JSONL);
    const traces = await service.call<CreateTracesResponse>("POST", `${P}/traces`, {
      json: { filename: "traces.jsonl" },
    });
    expect(traces.status).toBe(201);
    const [first] = traces.body.data.trace_ids;
    expect(traces.body.data.trace_ids).toHaveLength(2);

    const judge = await service.call<{ data: { id: string } }>("POST", `${P}/judges`, {
      json: {
        name: "Capitals",
        evaluation_goal: "The assistant must name the capital city the user asks about.",
        model_id: "acme/judge",
      },
    });
    expect(judge.status).toBe(201);
    const judgeId = judge.body.data.id;
    expect((await service.call("GET", `${P}/judges/${judgeId}`)).status).toBe(200);

    const created = await service.call<{ data: TraceEvaluation }>(
      "POST",
      `${P}/trace-evaluations`,
      {
        json: { trace_id: first, judge_id: judgeId },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.status).toBe("pending");

    let result: TraceEvaluationResult | undefined;
    const deadline = Date.now() + 30_000;
    while (!result && Date.now() < deadline) {
      const res = await service.call<{ data: TraceEvaluationResult }>(
        "GET",
        `${P}/trace-evaluations/${created.body.data.id}/results`,
      );
      if (res.status === 200) result = res.body.data;
      else {
        expect(res.status).toBe(404);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(result).toMatchObject({
      trace_evaluation_id: created.body.data.id,
      trace_id: first,
      judge_id: judgeId,
      passed: true,
      score: 0.9,
      reasoning: "The answer names Paris.",
      model: "acme/judge",
    });

    // The trace list shows the evaluation, and the judge counts its run.
    const listed = await service.call<ListTracesResponse>("GET", `${P}/traces?judge_id=${judgeId}`);
    expect(listed.body.data.traces.map((t) => t.id)).toEqual([first]);
    expect(listed.body.data.traces[0]!.last_evaluations[0]).toMatchObject({
      judge_id: judgeId,
      judge_name: "Capitals",
      judge_version: 1,
      passed: true,
    });
    const after = await service.call<{ data: { run_count: number } }>(
      "GET",
      `${P}/judges/${judgeId}`,
    );
    expect(after.body.data.run_count).toBe(1);
  });
});
