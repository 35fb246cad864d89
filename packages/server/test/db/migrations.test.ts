import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createTestDatabase, DIALECTS, type TestDatabase } from "@assay/test-kit/databases.ts";
import { MIGRATE_ONCE } from "@assay/test-kit/entry-points.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { sql } from "kysely";
import { Migrator, NO_MIGRATIONS } from "kysely/migration";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "../../src/platform/db/database.ts";
import { migrationProvider } from "../../src/platform/db/migrations/index.ts";

const execFileAsync = promisify(execFile);

const TABLES = [
  "annotations",
  "api_keys",
  "benchmark_files",
  "benchmark_prompts",
  "benchmark_scorers",
  "benchmarks",
  "endpoint_grants",
  "endpoint_limits",
  "evaluation_results",
  "evaluation_samples",
  "evaluation_spaces",
  "evaluations",
  "idempotency_keys",
  "instance_settings",
  "integration_attempts",
  "integration_deliveries",
  "integration_events",
  "integrations",
  "jobs",
  "judge_optimization_runs",
  "judge_versions",
  "judges",
  "models",
  "organizations",
  "project_benchmarks",
  "project_models",
  "projects",
  "rate_limit_buckets",
  "response_cache",
  "result_text_indexes",
  "result_texts",
  "scorers",
  "trace_evaluations",
  "traces",
  "ui_sessions",
  "uploads",
];

/** The tables SQLite's FTS5 keeps behind its virtual table `result_texts`. */
const FTS5_SHADOW_TABLE = /^result_texts_(config|data|docsize|idx)$/;

describe.each(DIALECTS)("migrations on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  async function tables(db: ReturnType<typeof openDatabase>["db"]) {
    const found = await db.introspection.getTables();
    return found
      .map((t) => t.name)
      .filter((n) => !n.startsWith("kysely_") && !FTS5_SHADOW_TABLE.test(n))
      .sort();
  }

  it("create every table on an empty database, and re-running changes nothing", async () => {
    database = await createTestDatabase(dialect);
    const handle = openDatabase(database.config);
    try {
      await migrateToLatest(handle);
      expect(await tables(handle.db)).toEqual(TABLES);
      await migrateToLatest(handle);
      const applied = await sql<{
        name: string;
      }>`select name from kysely_migration order by name`.execute(handle.db);
      expect(applied.rows.map((r) => r.name)).toEqual([
        "0001-foundation",
        "0002-models-and-benchmarks",
        "0003-evaluations",
        "0004-judges-and-traces",
        "0005-trace-bulk-load",
        "0006-annotations-and-optimizations",
        "0007-ui-sessions",
        "0008-evaluation-spaces",
        "0009-evaluation-benchmark-version",
        "0010-scorers",
        "0011-unlogged-rate-limits",
        "0012-fair-scheduling",
        "0013-result-indexes",
        "0014-result-text-index",
        "0015-unicode-lower",
        "0016-request-profiles",
        "0017-idempotency-keys",
        "0018-repeats",
        "0019-model-prices",
        "0020-result-execution",
        "0021-trace-summaries",
        "0022-evaluation-space-slugs",
        "0023-integrations",
      ]);
    } finally {
      await handle.close();
    }
  });

  it("migrate down to nothing and up again", async () => {
    database = await createTestDatabase(dialect);
    const handle = openDatabase(database.config);
    try {
      await migrateToLatest(handle);
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      expect(await tables(handle.db)).toEqual([]);
      await migrateToLatest(handle);
      expect(await tables(handle.db)).toEqual(TABLES);
    } finally {
      await handle.close();
    }
  });

  it("run safely from several processes at once", async () => {
    database = await createTestDatabase(dialect);
    const script = fileURLToPath(MIGRATE_ONCE);
    const env = {
      ...process.env,
      TEST_DATABASE_CONFIG: JSON.stringify(database.config),
      TEST_START_AT: String(Date.now() + 1500),
    };
    const runs = await Promise.all(
      [1, 2, 3, 4].map(() =>
        execFileAsync(process.execPath, [...WORKSPACE_NODE_FLAGS, script], { env }).then((r) =>
          r.stdout.trim(),
        ),
      ),
    );
    expect(runs).toEqual(["migrated", "migrated", "migrated", "migrated"]);
    const handle = openDatabase(database.config);
    try {
      expect(await tables(handle.db)).toEqual(TABLES);
    } finally {
      await handle.close();
    }
  });
});
