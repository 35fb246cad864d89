import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type {
  DatabaseSchema,
  JudgeRow,
  JudgesTable,
  JudgeVersionsTable,
} from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

export type JudgeVersionRow = JudgeVersionsTable;

/** Judges of a project and their versions. Every query by id is confined to the caller's scope. */
export function createJudgeRepository(db: Database) {
  const inScope = (scope: ProjectScope, handle: Kysely<DatabaseSchema> = db) =>
    handle
      .selectFrom("judges")
      .selectAll()
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId);

  return {
    find: (
      scope: ProjectScope,
      id: string,
      handle: Kysely<DatabaseSchema> = db,
    ): Promise<JudgeRow | undefined> =>
      inScope(scope, handle).where("id", "=", id).executeTakeFirst(),

    /** The judges of the scope among these ids (at most a few hundred per call). */
    findMany: (scope: ProjectScope, ids: readonly string[]): Promise<JudgeRow[]> =>
      ids.length === 0 ? Promise.resolve([]) : inScope(scope).where("id", "in", ids).execute(),

    findByName: (scope: ProjectScope, name: string): Promise<JudgeRow | undefined> =>
      inScope(scope).where("name", "=", name).executeTakeFirst(),

    /** One page, newest first, and the number of judges on all pages. */
    async list(
      scope: ProjectScope,
      page: { page: number; pageSize: number },
    ): Promise<{ rows: JudgeRow[]; total: number }> {
      const { total } = await db
        .selectFrom("judges")
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

    /** Every version of these judges, oldest first per judge. */
    versions: (judgeIds: readonly string[]): Promise<JudgeVersionRow[]> =>
      judgeIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("judge_versions")
            .selectAll()
            .where("judge_id", "in", judgeIds)
            .orderBy("judge_id")
            .orderBy("version")
            .execute(),

    /** Trace evaluations created with each of these judges (absent: none). */
    async runCounts(judgeIds: readonly string[]): Promise<Map<string, number>> {
      if (judgeIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("trace_evaluations")
        .select(["judge_id", (eb) => eb.fn.countAll<number>().as("runs")])
        .where("judge_id", "in", judgeIds)
        .groupBy("judge_id")
        .execute();
      return new Map(rows.map((r) => [r.judge_id, Number(r.runs)]));
    },

    /** A new judge with its first version. Call inside a transaction. */
    async insert(trx: Kysely<DatabaseSchema>, row: JudgeRow, updatedBy: string): Promise<void> {
      await trx.insertInto("judges").values(row).execute();
      await trx
        .insertInto("judge_versions")
        .values({ ...versionOf(row), updated_by: updatedBy })
        .execute();
    },

    /**
     * Writes the next version: the judge row moves from `fromVersion` to `row.version` and the
     * version row is added. False when the judge was not at `fromVersion` any more (a concurrent
     * update won). Call inside a transaction.
     */
    async writeVersion(
      trx: Kysely<DatabaseSchema>,
      fromVersion: number,
      row: JudgeRow,
      updatedBy: string,
    ): Promise<boolean> {
      const changes: Partial<JudgesTable> = {
        name: row.name,
        evaluation_goal: row.evaluation_goal,
        model_id: row.model_id,
        version: row.version,
        updated_at: row.updated_at,
      };
      const result = await trx
        .updateTable("judges")
        .set(changes)
        .where("id", "=", row.id)
        .where("version", "=", fromVersion)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await trx
        .insertInto("judge_versions")
        .values({ ...versionOf(row), updated_by: updatedBy })
        .execute();
      return true;
    },

    /**
     * Deletes a judge with its versions, its trace evaluations and people's labels of it
     * (explicitly, not trusting each dialect's cascade); false when the scope holds no such judge.
     */
    async delete(scope: ProjectScope, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const judge = await inScope(scope, trx).where("id", "=", id).executeTakeFirst();
        if (!judge) return false;
        await trx.deleteFrom("annotations").where("judge_id", "=", id).execute();
        await trx.deleteFrom("trace_evaluations").where("judge_id", "=", id).execute();
        await trx.deleteFrom("judge_versions").where("judge_id", "=", id).execute();
        await trx.deleteFrom("judges").where("id", "=", id).execute();
        return true;
      });
    },

    /** The display form of an API key (`assay_AbCd…wxyz`): who made a version. */
    async keyDisplay(apiKeyId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("api_keys")
        .select("display")
        .where("id", "=", apiKeyId)
        .executeTakeFirst();
      return row?.display;
    },
  };
}

function versionOf(row: JudgeRow): Omit<JudgeVersionRow, "updated_by"> {
  return {
    judge_id: row.id,
    version: row.version,
    name: row.name,
    evaluation_goal: row.evaluation_goal,
    model_id: row.model_id,
    updated_at: row.updated_at,
  };
}

export type JudgeRepository = ReturnType<typeof createJudgeRepository>;
