import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { inTransaction } from "../../platform/db/in-transaction.ts";
import type {
  BenchmarkFilesTable,
  BenchmarkRow,
  BenchmarksTable,
  DatabaseSchema,
} from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { recordRunEnd } from "../integrations/outbox-repository.ts";

/** A smart benchmark's generation ended: the integrations' event, in the same transaction. */
async function recordGenerationEnd(
  trx: Kysely<DatabaseSchema>,
  id: string,
  owner: { organization_id: string | null; project_id: string | null },
  status: "ready" | "failed",
  at: string,
): Promise<void> {
  if (owner.organization_id === null) return;
  await recordRunEnd(trx, {
    object: "benchmark_generation",
    runId: id,
    organizationId: owner.organization_id,
    projectId: owner.project_id,
    status,
    at,
  });
}

/** A project's own benchmarks (custom and smart), attachments, and catalog entries' data state. */
export function createBenchmarkRepository(db: Database) {
  const ownOf = (scope: ProjectScope) =>
    db
      .selectFrom("benchmarks")
      .selectAll()
      .where("kind", "in", ["custom", "smart"])
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId)
      .where("disabled_at", "is", null);

  return {
    /** Ids of smart benchmarks whose generation has not ended, for the sweep. */
    listGeneratingIds: async (): Promise<string[]> =>
      (
        await db
          .selectFrom("benchmarks")
          .select("id")
          .where("generation_status", "=", "generating")
          .execute()
      ).map((r) => r.id),

    /** generating → failed, with why; false when its generation had ended already. */
    async failGeneration(id: string, description: string, at: string): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const failed = await trx
          .updateTable("benchmarks")
          .set({ generation_status: "failed", status_description: description, updated_at: at })
          .where("id", "=", id)
          .where("generation_status", "=", "generating")
          .returning(["organization_id", "project_id"])
          .executeTakeFirst();
        if (!failed) return false;
        await recordGenerationEnd(trx, id, failed, "failed", at);
        return true;
      });
    },

    /** A smart benchmark of the organization while its generation has not ended. */
    findGenerating: (organizationId: string, id: string): Promise<BenchmarkRow | undefined> =>
      db
        .selectFrom("benchmarks")
        .selectAll()
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .where("generation_status", "=", "generating")
        .executeTakeFirst(),

    /** generating → ready, with the prompts' count and version (in the transaction storing them). */
    async finishGeneration(
      id: string,
      done: { description: string; promptCount: number; version: string; at: string },
    ): Promise<void> {
      await inTransaction(db, async (trx) => {
        const ready = await trx
          .updateTable("benchmarks")
          .set({
            generation_status: "ready",
            status_description: done.description,
            prompt_count: done.promptCount,
            version: done.version,
            updated_at: done.at,
          })
          .where("id", "=", id)
          .returning(["organization_id", "project_id"])
          .executeTakeFirst();
        if (ready) await recordGenerationEnd(trx, id, ready, "ready", done.at);
      });
    },

    /** A built-in benchmark's data version (its source file's sha256); null until it is loaded. */
    async dataVersion(id: string): Promise<string | null | undefined> {
      const row = await db
        .selectFrom("benchmarks")
        .select("version")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.version;
    },

    /** Records a built-in benchmark's loaded data (in the transaction that stores its prompts). */
    async recordData(
      id: string,
      data: { version: string; promptCount: number; at: string },
    ): Promise<void> {
      await db
        .updateTable("benchmarks")
        .set({ version: data.version, prompt_count: data.promptCount, updated_at: data.at })
        .where("id", "=", id)
        .execute();
    },

    findOwn: (scope: ProjectScope, id: string): Promise<BenchmarkRow | undefined> =>
      ownOf(scope).where("id", "=", id).executeTakeFirst(),

    findOwnByKey: (scope: ProjectScope, key: string): Promise<BenchmarkRow | undefined> =>
      ownOf(scope).where("key", "=", key).executeTakeFirst(),

    listAttachedOwn: (scope: ProjectScope): Promise<BenchmarkRow[]> =>
      ownOf(scope)
        .where("id", "in", (qb) =>
          qb
            .selectFrom("project_benchmarks")
            .select("benchmark_id")
            .where("project_id", "=", scope.projectId),
        )
        .orderBy("created_at")
        .orderBy("id")
        .execute(),

    /** Loaded data of catalog benchmarks: version (source sha256) and prompt count. */
    async catalogState(): Promise<Map<string, { version: string | null; promptCount: number }>> {
      const rows = await db
        .selectFrom("benchmarks")
        .select(["id", "version", "prompt_count"])
        .where("kind", "=", "catalog")
        .execute();
      return new Map(rows.map((r) => [r.id, { version: r.version, promptCount: r.prompt_count }]));
    },

    /** Files per benchmark, in upload order. */
    async fileNames(ids: readonly string[]): Promise<Map<string, string[]>> {
      const files = new Map<string, string[]>();
      if (ids.length === 0) return files;
      const rows = await db
        .selectFrom("benchmark_files")
        .select(["benchmark_id", "filename"])
        .where("benchmark_id", "in", ids)
        .orderBy("benchmark_id")
        .orderBy("position")
        .execute();
      for (const r of rows)
        files.set(r.benchmark_id, [...(files.get(r.benchmark_id) ?? []), r.filename]);
      return files;
    },

    /** A benchmark's files (documents of a smart benchmark), in upload order. */
    listFiles: (benchmarkId: string): Promise<BenchmarkFilesTable[]> =>
      db
        .selectFrom("benchmark_files")
        .selectAll()
        .where("benchmark_id", "=", benchmarkId)
        .orderBy("position")
        .execute(),

    /** A new benchmark of the project, its files, attached at once (call inside a transaction). */
    async insertOwn(
      row: Insertable<BenchmarksTable> & { project_id: string },
      files: Omit<BenchmarkFilesTable, "benchmark_id" | "position">[],
    ): Promise<void> {
      await db.insertInto("benchmarks").values(row).execute();
      if (files.length > 0)
        await db
          .insertInto("benchmark_files")
          .values(files.map((f, position) => ({ ...f, benchmark_id: row.id, position })))
          .execute();
      await db
        .insertInto("project_benchmarks")
        .values({ project_id: row.project_id, benchmark_id: row.id, attached_at: row.created_at })
        .execute();
    },
  };
}
