import type { Evaluation, ListEvaluationsResponse } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createModel,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A finished evaluation's figures are computed once, when it ends, and every read serves what was
 * stored: rewriting its result rows afterwards changes none of them, and a run stored by an older
 * version (only the parts that need the result rows) reads the same as one stored now.
 */

/** Ten prompts in two subsets and none: right except `delta` (wrong) and `hotel` (call fails). */
const ROWS = [
  ...["alpha", "bravo", "charlie", "delta"].map((w) => ({ w, subset: "early" })),
  ...["echo", "foxtrot", "golf", "hotel"].map((w) => ({ w, subset: "late" })),
  ...["india", "juliet"].map((w) => ({ w, subset: undefined })),
].map(({ w, subset }) => ({ input: `Say ${w}`, truth: w, ...(subset && { subset }) }));

describe.each(DIALECTS)("stored statistics on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let finished: Evaluation;

  const read = async (id: string) => {
    const res = await service.call<Evaluation>("GET", `/evaluations/${id}`, {});
    expect(res.status).toBe(200);
    return res.body;
  };
  const listed = async (id: string) => {
    const res = await service.call<ListEvaluationsResponse>(
      "GET",
      `/evaluations?organization_id=${tenant.org}&project_id=${tenant.project}`,
      {},
    );
    expect(res.status).toBe(200);
    return res.body.evaluations.find((e) => e.id === id);
  };
  const storedStats = async (id: string) =>
    (
      await service.running.deps.db
        .selectFrom("evaluations")
        .select("stats")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).stats;

  beforeAll(async () => {
    fake = await startFakeModelServer({
      behavior: ({ lastUserMessage }) => {
        const word = lastUserMessage.replace("Say ", "");
        if (word === "hotel") return { status: 400, body: { error: { message: "bad prompt" } } };
        return { content: word === "delta" ? "echo" : word };
      },
    });
    service = await startTestService({
      dialect,
      workers: true,
      env: {
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_JOB_POLL_INTERVAL_MS: "50",
        ASSAY_RATE_LIMIT_ENABLED: "false",
      },
    });
    tenant = await tenantOf(service);
    const modelId = await createModel(service, tenant, fake.url);
    const benchmarkId = await uploadBenchmark(service, tenant);
    finished = await runEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
      is_custom_model: true,
      is_custom_dataset: true,
    });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  it("finishes with the figures of its results, stored with the run", async () => {
    expect(finished.assay.progress).toMatchObject({ total: 10, done: 10, correct: 8, failed: 1 });
    expect(finished.accuracy).toBe(0.8);
    expect(finished.assay.subsets.map((s) => [s.name, s.total, s.correct])).toEqual([
      ["default", 2, 2],
      ["early", 4, 3],
      ["late", 4, 3],
    ]);
    const stored = JSON.parse((await storedStats(finished.id)) as string);
    // Reasoning tokens are served from the run's counter, beside the stored summary.
    const { reasoning: _, ...tokens } = finished.assay.tokens;
    expect(stored).toMatchObject({
      accuracy: finished.accuracy,
      stderr: finished.assay.accuracy_stderr,
      ci95: finished.assay.accuracy_ci95,
      subsets: finished.assay.subsets,
      average_duration_ms: finished.average_duration,
      tokens,
      top_errors: [{ count: 1 }],
    });
  });

  it("reads the same after its result rows change", async () => {
    const before = await read(finished.id);
    const beforeListed = await listed(finished.id);
    expect(beforeListed).toEqual(before);
    await service.running.deps.db
      .updateTable("evaluation_results")
      .set({ passed: 0, error: "rewritten afterwards" })
      .where("evaluation_id", "=", finished.id)
      .execute();
    expect(await read(finished.id)).toEqual(before);
    expect(await listed(finished.id)).toEqual(before);
  });

  it("serves the stored figures, not ones recomputed from its counters", async () => {
    const before = await read(finished.id);
    const db = service.running.deps.db;
    const counters = await db
      .selectFrom("evaluations")
      .select(["correct_count", "duration_ms_sum"])
      .where("id", "=", finished.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable("evaluations")
      .set({ correct_count: 1, duration_ms_sum: 999_999 })
      .where("id", "=", finished.id)
      .execute();
    const after = await read(finished.id);
    expect(after.assay.progress.correct).toBe(1);
    expect(after.accuracy).toBe(before.accuracy);
    expect(after.average_duration).toBe(before.average_duration);
    expect(after.assay.accuracy_stderr).toBe(before.assay.accuracy_stderr);
    expect(after.assay.accuracy_ci95).toEqual(before.assay.accuracy_ci95);
    expect(after.summary).toEqual(before.summary);
    await db.updateTable("evaluations").set(counters).where("id", "=", finished.id).execute();
    expect(await read(finished.id)).toEqual(before);
  });

  it("reads a run stored by an older version (no figures, only the result-row parts) the same", async () => {
    const before = await read(finished.id);
    const stored = JSON.parse((await storedStats(finished.id)) as string);
    const legacy = {
      subsets: stored.subsets.map((s: { name: string; total: number; correct: number }) => ({
        name: s.name,
        total: s.total,
        correct: s.correct,
      })),
      metrics: stored.metrics,
      top_errors: stored.top_errors,
      scorers: stored.scorers,
    };
    await service.running.deps.db
      .updateTable("evaluations")
      .set({ stats: JSON.stringify(legacy) })
      .where("id", "=", finished.id)
      .execute();
    expect(await read(finished.id)).toEqual(before);
  });
});

async function uploadBenchmark(service: TestService, tenant: Tenant): Promise<string> {
  await uploadFile(service, tenant, "words.jsonl", ROWS.map((r) => JSON.stringify(r)).join("\n"));
  const created = await service.call<{ data: { benchmark_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
    {
      apiKey: tenant.key,
      json: { name: "Words", description: "say the word", file: "words.jsonl" },
    },
  );
  if (created.status !== 200 && created.status !== 201) throw new Error(created.text);
  return created.body.data.benchmark_id;
}
