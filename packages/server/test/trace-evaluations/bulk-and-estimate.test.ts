import type { CostEstimate, ErrorBody, TraceEvaluation } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant } from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  insertTraces,
  judgeBehavior,
  projectPath,
  startJudgingService,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESTIMATE_NONCE } from "../../src/engine/runners/trace-judging/index.ts";
import { countMessageTokens } from "../../src/engine/runners/trace-judging/tokens.ts";

const GOAL = "The assistant must name the capital city the user asks about.";
const MISSING = "00000000-0000-4000-8000-000000000000";
const record = (i: number) => ({
  input: `Question ${i}: what is the capital of France?`,
  output: i % 2 === 0 ? "Paris." : "Marseille.",
});

describe.each(DIALECTS)("bulk creation and cost estimates on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let customJudge: string;
  let catalogJudge: string;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: judgeBehavior(), captureBodies: true });
    service = await startJudgingService(dialect);
    const created = await service.admin.create({ organization: "Bulk org" });
    tenant = { key: created.key, org: created.organization.id, project: created.project.id };
    await createModel(service, tenant, fake.url, "acme/judge");
    customJudge = (
      await createJudge(service, tenant, {
        name: "Custom",
        evaluation_goal: GOAL,
        model_id: "acme/judge",
      })
    ).id;
    catalogJudge = (
      await createJudge(service, tenant, {
        name: "Catalog",
        evaluation_goal: GOAL,
        model_id: "openai/gpt-4o-mini",
      })
    ).id;
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  const post = <T>(path: string, json: unknown) =>
    service.call<T>("POST", `${projectPath(tenant)}${path}`, { apiKey: tenant.key, json });

  describe("bulk creation", () => {
    it("creates one pending evaluation per trace, in order, each judged by the workers", async () => {
      const traceIds = await insertTraces(service, tenant, [0, 1, 2, 3].map(record));
      const res = await post<{ data: { trace_evaluations: TraceEvaluation[] } }>(
        "/trace-evaluations/bulk",
        { judge_id: customJudge, trace_ids: traceIds },
      );
      expect(res.status).toBe(201);
      const created = res.body.data.trace_evaluations;
      expect(created.map((te) => te.trace_id)).toEqual(traceIds);
      expect(created.every((te) => te.status === "pending" && te.judge_id === customJudge)).toBe(
        true,
      );
      const done = await Promise.all(
        created.map((te) => waitForTraceEvaluation(service, tenant, te.id)),
      );
      expect(done.map((te) => te.status)).toEqual(["success", "success", "success", "success"]);
      const results = await Promise.all(
        created.map((te) =>
          service.call<{ data: { passed: boolean } }>(
            "GET",
            `${projectPath(tenant)}/trace-evaluations/${te.id}/results`,
            { apiKey: tenant.key },
          ),
        ),
      );
      expect(results.map((r) => r.body.data.passed)).toEqual([true, false, true, false]);
    });

    it("takes 1000 traces in one call", async () => {
      const traceIds = await insertTraces(
        service,
        tenant,
        Array.from({ length: 1000 }, (_, i) => record(i)),
      );
      // The catalog judge's provider is not configured: the runs fail at once, without calls.
      const res = await post<{ data: { trace_evaluations: TraceEvaluation[] } }>(
        "/trace-evaluations/bulk",
        { judge_id: catalogJudge, trace_ids: traceIds },
      );
      expect(res.status).toBe(201);
      expect(res.body.data.trace_evaluations).toHaveLength(1000);
      const last = res.body.data.trace_evaluations[999]!;
      expect((await waitForTraceEvaluation(service, tenant, last.id, 60_000)).status).toBe(
        "failure",
      );
    });

    it("refuses duplicates (400), unknown traces and judges (404), and bad sizes (400)", async () => {
      const [a, b] = await insertTraces(service, tenant, [record(0), record(1)]);
      const twice = await post<ErrorBody>("/trace-evaluations/bulk", {
        judge_id: customJudge,
        trace_ids: [a, b, a],
      });
      expect(twice.status).toBe(400);
      expect(twice.body.error.details?.[0]?.field).toBe("body.trace_ids.2");
      const unknown = await post<ErrorBody>("/trace-evaluations/bulk", {
        judge_id: customJudge,
        trace_ids: [a, MISSING],
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toContain(MISSING);
      const noJudge = await post<ErrorBody>("/trace-evaluations/bulk", {
        judge_id: MISSING,
        trace_ids: [a],
      });
      expect(noJudge.status).toBe(404);
      for (const ids of [[], Array.from({ length: 1001 }, () => a)]) {
        const res = await post<ErrorBody>("/trace-evaluations/bulk", {
          judge_id: customJudge,
          trace_ids: ids,
        });
        expect(res.status).toBe(400);
        expect(res.body.error.details?.[0]?.field).toBe("body.trace_ids");
      }
      // Nothing of a refused call was created.
      const listed = await service.call<{ data: { total: number } }>(
        "GET",
        `${projectPath(tenant)}/trace-evaluations?trace_id=${b}`,
        { apiKey: tenant.key },
      );
      expect(listed.body.data.total).toBe(0);
    });
  });

  describe("cost estimates", () => {
    it("counts the prompt the judge would get, the expected verdict, and no cost without prices", async () => {
      const traceIds = await insertTraces(service, tenant, [record(0), record(1), record(2)]);
      const res = await post<{ data: CostEstimate }>("/trace-evaluations/estimate", {
        judge_id: customJudge,
        trace_ids: traceIds,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        estimated_cost: 0,
        output_tokens: 450,
        model: "acme/judge",
        trace_count: 3,
      });

      // The estimate counts exactly what the judge is then sent, but for the random nonce.
      fake.reset();
      const created = await post<{ data: TraceEvaluation }>("/trace-evaluations", {
        trace_id: traceIds[0],
        judge_id: customJudge,
      });
      await waitForTraceEvaluation(service, tenant, created.body.data.id);
      const sent = fake.stats().bodies![0]!.messages as { role: "user"; content: string }[];
      const nonce = /tags ending in "-([0-9a-f]{16})"/.exec(sent[0]!.content)![1]!;
      const asEstimated = sent.map((m) => ({
        ...m,
        content: m.content.replaceAll(nonce, ESTIMATE_NONCE),
      }));
      const one = await post<{ data: CostEstimate }>("/trace-evaluations/estimate", {
        judge_id: customJudge,
        trace_ids: [traceIds[0]],
      });
      expect(one.body.data.input_tokens).toBe(countMessageTokens(asEstimated));
    });

    it("prices a catalog judge model with the catalog's prices", async () => {
      const traceIds = await insertTraces(service, tenant, [record(0), record(1)]);
      const res = await post<{ data: CostEstimate }>("/trace-evaluations/estimate", {
        judge_id: catalogJudge,
        trace_ids: traceIds,
      });
      expect(res.status).toBe(200);
      const { input_tokens, output_tokens, estimated_cost, model } = res.body.data;
      expect(model).toBe("openai/gpt-4o-mini");
      expect(estimated_cost).toBeCloseTo(input_tokens * 0.00000015 + output_tokens * 0.0000006, 12);
      expect(estimated_cost).toBeGreaterThan(0);
    });

    it("counts a long trace as cut to the judge model's context", async () => {
      const [long] = await insertTraces(service, tenant, [
        { input: "Summarize", output: "word ".repeat(100_000) },
      ]);
      const res = await post<{ data: CostEstimate }>("/trace-evaluations/estimate", {
        judge_id: customJudge,
        trace_ids: [long],
      });
      expect(res.body.data.input_tokens).toBeLessThan(8192);
      expect(res.body.data.input_tokens).toBeGreaterThan(4000);
    });

    it("answers 404 for an unknown judge or trace, 400 for duplicates", async () => {
      const [a] = await insertTraces(service, tenant, [record(0)]);
      expect(
        (await post("/trace-evaluations/estimate", { judge_id: MISSING, trace_ids: [a] })).status,
      ).toBe(404);
      expect(
        (await post("/trace-evaluations/estimate", { judge_id: customJudge, trace_ids: [MISSING] }))
          .status,
      ).toBe(404);
      expect(
        (await post("/trace-evaluations/estimate", { judge_id: customJudge, trace_ids: [a, a] }))
          .status,
      ).toBe(400);
    });
  });
});
