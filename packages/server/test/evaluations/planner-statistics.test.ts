import { Client } from "@assay/client";
import { APP_DIALECT } from "@assay/test-kit/databases.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * On PostgreSQL a finished run refreshes the planner's statistics of results and prompts when it
 * added a tenth of what the planner last counted (platform/db/planner-statistics.ts), so the reads
 * of a big run that follow are planned on its real size; a small run does not pay for an ANALYZE.
 * `reltuples` is the planner's row count: exact after an ANALYZE of a table this small.
 */
describe.runIf(APP_DIALECT === "postgres")("planner statistics after a run", () => {
  let service: TestService;
  let fake: FakeModelServer;
  let client: Client;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: () => ({ content: "4" }) });
    service = await startTestService({
      workers: true,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_JOB_POLL_INTERVAL_MS: "50" },
    });
    client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
    await client.models.createCustom({
      name: "fake/four",
      key: "fake/four",
      description: "",
      api_url: fake.url,
      max_tokens: 8,
    });
    const lines = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({ input: `${i}?`, truth: "4" }),
    );
    await client.benchmarks.createCustom({
      name: "Forty",
      description: "",
      file: new TextEncoder().encode(`${lines.join("\n")}\n`),
      filename: "forty.jsonl",
      scoring_metric: "exact_match",
    });
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  async function run(limit?: number) {
    const model = await client.models.getByKey("fake/four");
    const benchmark = await client.benchmarks.getByKey("forty");
    if (!model || !benchmark) throw new Error("setup failed");
    const created = await client.evaluations.create(model, benchmark, limit ? { limit } : {});
    const done = await client.evaluations.waitForCompletion(created, { intervalMs: 50 });
    expect(done.status).toBe("success");
  }

  const plannerRows = async (table: string) =>
    Number(
      (
        await sql<{ reltuples: number }>`select reltuples from pg_class
          where oid = to_regclass(${table})`.execute(service.running.deps.db)
      ).rows[0]?.reltuples,
    );

  it("analyzes after a run that grew the tables by a tenth, not after a smaller one", async () => {
    await run();
    expect(await plannerRows("evaluation_results")).toBe(40);
    expect(await plannerRows("evaluation_samples")).toBe(40);
    // 3 rows are under a tenth of 40: the planner's count stays.
    await run(3);
    expect(await plannerRows("evaluation_results")).toBe(40);
    // 5 are over a tenth: counted again, with the 3 before them.
    await run(5);
    expect(await plannerRows("evaluation_results")).toBe(48);
    expect(await plannerRows("evaluation_samples")).toBe(48);
  });
});
