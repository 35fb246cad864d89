import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { DatabaseSchema, ScorerRow, ScorersTable } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** Scorers of a project. Every query by id is confined to the caller's scope. */
export function createScorerRepository(db: Database) {
  const inScope = (scope: ProjectScope, handle: Kysely<DatabaseSchema> = db) =>
    handle
      .selectFrom("scorers")
      .selectAll()
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId);

  return {
    find: (scope: ProjectScope, id: string): Promise<ScorerRow | undefined> =>
      inScope(scope).where("id", "=", id).executeTakeFirst(),

    findByName: (scope: ProjectScope, name: string): Promise<ScorerRow | undefined> =>
      inScope(scope).where("name", "=", name).executeTakeFirst(),

    /** Those of `ids` the scope holds (any order). */
    findMany: (
      scope: ProjectScope,
      ids: readonly string[],
      handle: Kysely<DatabaseSchema> = db,
    ): Promise<ScorerRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : inScope(scope, handle).where("id", "in", ids).execute(),

    /** One page, newest first, and how many there are in all. */
    async list(
      scope: ProjectScope,
      page: { page: number; pageSize: number },
    ): Promise<{ rows: ScorerRow[]; total: number }> {
      const { total } = await db
        .selectFrom("scorers")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .executeTakeFirstOrThrow();
      const rows = await inScope(scope)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    insert: async (row: ScorerRow): Promise<void> => {
      await db.insertInto("scorers").values(row).execute();
    },

    /** False when the scope holds no such scorer. */
    async update(
      scope: ProjectScope,
      id: string,
      changes: Partial<Omit<ScorersTable, "id" | "organization_id" | "project_id">>,
    ): Promise<boolean> {
      const result = await db
        .updateTable("scorers")
        .set(changes)
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** False when the scope holds no such scorer; benchmarks using it stop using it. */
    async delete(scope: ProjectScope, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("scorers")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Makes `scorerIds` (in order) the scorers of a benchmark. */
    async setForBenchmark(
      handle: Kysely<DatabaseSchema>,
      benchmarkId: string,
      scorerIds: readonly string[],
    ): Promise<void> {
      await handle
        .deleteFrom("benchmark_scorers")
        .where("benchmark_id", "=", benchmarkId)
        .execute();
      if (scorerIds.length === 0) return;
      await handle
        .insertInto("benchmark_scorers")
        .values(
          scorerIds.map((scorer_id, position) => ({
            benchmark_id: benchmarkId,
            scorer_id,
            position,
          })),
        )
        .execute();
    },

    /** Each benchmark's scorer ids, in order (benchmarks without scorers are absent). */
    async idsForBenchmarks(benchmarkIds: readonly string[]): Promise<Map<string, string[]>> {
      const byBenchmark = new Map<string, string[]>();
      if (benchmarkIds.length === 0) return byBenchmark;
      const rows = await db
        .selectFrom("benchmark_scorers")
        .select(["benchmark_id", "scorer_id"])
        .where("benchmark_id", "in", benchmarkIds)
        .orderBy("benchmark_id")
        .orderBy("position")
        .execute();
      for (const row of rows) {
        const ids = byBenchmark.get(row.benchmark_id) ?? [];
        ids.push(row.scorer_id);
        byBenchmark.set(row.benchmark_id, ids);
      }
      return byBenchmark;
    },

    /** A benchmark's scorers, in order. */
    forBenchmark: (handle: Kysely<DatabaseSchema>, benchmarkId: string): Promise<ScorerRow[]> =>
      handle
        .selectFrom("benchmark_scorers as b")
        .innerJoin("scorers as s", "s.id", "b.scorer_id")
        .selectAll("s")
        .where("b.benchmark_id", "=", benchmarkId)
        .orderBy("b.position")
        .execute(),
  };
}

export type ScorerRepository = ReturnType<typeof createScorerRepository>;
