import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { Evaluation, ListResultsResponse } from "@assay/protocol";
import { APP_DIALECT, createTestDatabase } from "@assay/test-kit/databases.ts";
import {
  createModel,
  createSumsBenchmark,
  runEvaluation,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService } from "@assay/test-kit/test-service.ts";
import { describe, expect, it } from "vitest";
import { BackupError, backupDatabase } from "../src/admin/backup.ts";

/**
 * `assay backup`: a consistent copy of the SQLite database taken while the service runs and writes,
 * which restores (with the master key) into a fresh data dir holding every finished result.
 */
const ENV = {
  ALLOWED_MODEL_HOSTS: "127.0.0.1",
  ASSAY_JOB_POLL_INTERVAL_MS: "50",
  ASSAY_EVAL_CHUNK_SIZE: "10",
  ASSAY_RATE_LIMIT_ENABLED: "false",
  // The copy holds the chunks the first service had leased: taken up again once the lease lapses.
  ASSAY_JOB_LEASE_SECONDS: "2",
};
const PROMPTS = 60;

describe.skipIf(APP_DIALECT !== "sqlite")("a backup taken mid-run", () => {
  it("restores into a fresh data dir with every finished result, and the run completes", async () => {
    await using fake = await startFakeModelServer({ latencyMs: 40 });
    const service = await startTestService({ workers: true, env: ENV });
    const tenant = await tenantOf(service);
    const item = {
      model_id: await createModel(service, tenant, fake.url),
      dataset_id: await createSumsBenchmark(service, tenant, PROMPTS, 3),
      concurrency: 4,
    };
    const finished = await runEvaluation(service, tenant, item);
    const running = await service.call<{ data: Evaluation[] }>(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
      { json: [{ ...item, cache: false }] },
    );
    const runningId = running.body.data[0]!.id;
    await waitForEvaluation(service, runningId, { until: (e) => e.assay.progress.done >= 10 });

    const restored = await createTestDatabase("sqlite");
    const target = join(restored.dataDir, "assay.db");
    const backup = backupDatabase(service.running.deps.config, join(restored.dataDir, "copy.db"));
    expect(backup.bytes).toBeGreaterThan(0);
    // The service wrote on meanwhile, and goes on.
    expect(
      (await waitForEvaluation(service, runningId, { key: tenant.key })).assay.progress.done,
    ).toBe(PROMPTS);
    // A restore: the copy as the database of a fresh data dir, beside the same master key.
    copyFileSync(backup.path, target);
    copyFileSync(
      join(service.database.dataDir, "master.key"),
      join(restored.dataDir, "master.key"),
    );
    await service.close();
    const again = await startTestService({ workers: true, env: ENV, database: restored });
    const call = <T>(path: string) => again.call<T>("GET", path, { apiKey: tenant.key });
    const before = await call<Evaluation>(`/evaluations/${finished.id}`);
    expect(before.body).toMatchObject({ status: "success", accuracy: finished.accuracy });
    const results = await call<ListResultsResponse>(
      `/results?evaluation_id=${finished.id}&page_size=500`,
    );
    expect(results.body.results.map((r) => r.prompt_id)).toHaveLength(PROMPTS);
    // The run caught mid-way resumes from its jobs in the copy and answers each prompt once.
    const resumed = await waitForEvaluation(again, runningId, { key: tenant.key });
    expect(resumed.status).toBe("success");
    const resumedResults = await call<ListResultsResponse>(
      `/results?evaluation_id=${runningId}&page_size=500`,
    );
    expect(new Set(resumedResults.body.results.map((r) => r.prompt_id)).size).toBe(PROMPTS);
    expect(resumedResults.body.results).toHaveLength(PROMPTS);
    await again.close();
    await restored.drop();
  });

  it("refuses to overwrite a file", async () => {
    await using service = await startTestService();
    const config = service.running.deps.config;
    const path = join(service.database.dataDir, "copy.db");
    backupDatabase(config, path);
    expect(existsSync(path)).toBe(true);
    expect(() => backupDatabase(config, path)).toThrow(BackupError);
  });
});

describe.skipIf(APP_DIALECT !== "postgres")("a backup on PostgreSQL", () => {
  it("says to use pg_dump", async () => {
    await using service = await startTestService();
    expect(() => backupDatabase(service.running.deps.config, "copy.db")).toThrow(/pg_dump/);
  });
});
