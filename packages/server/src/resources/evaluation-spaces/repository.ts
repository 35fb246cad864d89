import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { rowBatches } from "../../platform/db/row-batches.ts";
import type {
  DatabaseSchema,
  EvaluationRow,
  EvaluationSpaceRow,
  EvaluationSpacesTable,
} from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { EvaluationSpaceSort } from "./sort.ts";

/** What matching needs of an evaluation: which model on which benchmark, and when. */
export interface CandidateEvaluation {
  id: string;
  model_id: string;
  benchmark_id: string;
  submitted_at: string;
}

/** Most ids per `in (…)` list: well under SQLite's bound-parameter limit. */
const ID_BATCH = 500;

/** Evaluation spaces of a project. Every query by id is confined to the caller's scope. */
export function createEvaluationSpaceRepository(db: Database) {
  const inScope = (scope: ProjectScope, handle: Kysely<DatabaseSchema> = db) =>
    handle
      .selectFrom("evaluation_spaces")
      .selectAll()
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId);

  return {
    find: (scope: ProjectScope, id: string): Promise<EvaluationSpaceRow | undefined> =>
      inScope(scope).where("id", "=", id).executeTakeFirst(),

    findByName: (scope: ProjectScope, name: string): Promise<EvaluationSpaceRow | undefined> =>
      inScope(scope).where("name", "=", name).executeTakeFirst(),

    findBySlug: (scope: ProjectScope, slug: string): Promise<EvaluationSpaceRow | undefined> =>
      inScope(scope).where("slug", "=", slug).executeTakeFirst(),

    /** The project's slugs that are `base` or `base-…`: what a new slug from `base` must avoid. */
    async slugsLike(scope: ProjectScope, base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("evaluation_spaces")
        .select("slug")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute();
      return new Set(rows.map((r) => r.slug));
    },

    /** One page in the requested order (ties: newest first), and how many there are in all. */
    async list(
      scope: ProjectScope,
      page: { page: number; pageSize: number; sort: EvaluationSpaceSort },
    ): Promise<{ rows: EvaluationSpaceRow[]; total: number }> {
      const { total } = await db
        .selectFrom("evaluation_spaces")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .executeTakeFirstOrThrow();
      const rows = await inScope(scope)
        .orderBy(page.sort.column, page.sort.order)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    insert: async (row: EvaluationSpaceRow): Promise<void> => {
      await db.insertInto("evaluation_spaces").values(row).execute();
    },

    /** False when the scope holds no such space. */
    async update(
      scope: ProjectScope,
      id: string,
      changes: Partial<Omit<EvaluationSpacesTable, "id" | "organization_id" | "project_id">>,
    ): Promise<boolean> {
      const result = await db
        .updateTable("evaluation_spaces")
        .set(changes)
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(scope: ProjectScope, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("evaluation_spaces")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The project's successful evaluations, the only ones a leaderboard shows. */
    successfulEvaluations: (scope: ProjectScope): Promise<CandidateEvaluation[]> =>
      db
        .selectFrom("evaluations")
        .select(["id", "model_id", "benchmark_id", "submitted_at"])
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("status", "=", "success")
        .execute(),

    /** Full evaluation rows of these ids (any number, read in batches). */
    async evaluationRows(ids: readonly string[]): Promise<EvaluationRow[]> {
      const rows: EvaluationRow[] = [];
      for (const batch of rowBatches(ids, ID_BATCH)) {
        rows.push(
          ...(await db.selectFrom("evaluations").selectAll().where("id", "in", batch).execute()),
        );
      }
      return rows;
    },
  };
}

export type EvaluationSpaceRepository = ReturnType<typeof createEvaluationSpaceRepository>;
