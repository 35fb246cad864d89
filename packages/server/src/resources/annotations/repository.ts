import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { rowBatches } from "../../platform/db/row-batches.ts";
import type { AnnotationRow, DatabaseSchema } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { latestVerdict } from "./latest-verdict-repository.ts";

/** A (judge, trace) pair: what a label is about. */
export interface LabelPair {
  judge_id: string;
  trace_id: string;
}

/** A label beside the judge's latest verdict on its trace (null: none yet). */
export type AnnotationWithVerdict = AnnotationRow & {
  judge_passed: number | null;
  judge_score: number | null;
  judge_reasoning: string | null;
};

/** Most trace ids per `in (…)` list: well under either dialect's bound-parameter limit. */
const ID_BATCH = 500;

/**
 * People's labels, one per (judge, trace) by the unique index. Every read is confined to the
 * caller's scope; writes take rows built for it.
 */
export function createAnnotationRepository(db: Database) {
  const inScope = (scope: ProjectScope, handle: Kysely<DatabaseSchema> = db) =>
    handle
      .selectFrom("annotations")
      .selectAll()
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId);

  return {
    findByPair: (scope: ProjectScope, pair: LabelPair): Promise<AnnotationRow | undefined> =>
      inScope(scope)
        .where("judge_id", "=", pair.judge_id)
        .where("trace_id", "=", pair.trace_id)
        .executeTakeFirst(),

    /** The labels of these pairs (a page of evaluations: well under the parameter limits). */
    findByPairs: (scope: ProjectScope, pairs: readonly LabelPair[]): Promise<AnnotationRow[]> =>
      pairs.length === 0
        ? Promise.resolve([])
        : inScope(scope)
            .where("judge_id", "in", [...new Set(pairs.map((p) => p.judge_id))])
            .where("trace_id", "in", [...new Set(pairs.map((p) => p.trace_id))])
            .execute(),

    /** Which of these pairs (one judge set, a batch of traces at a time) have a label. */
    async existingPairs(
      trx: Kysely<DatabaseSchema>,
      scope: ProjectScope,
      judgeIds: readonly string[],
      traceIds: readonly string[],
    ): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < traceIds.length; i += ID_BATCH) {
        const rows = await inScope(scope, trx)
          .clearSelect()
          .select(["judge_id", "trace_id"])
          .where("judge_id", "in", judgeIds)
          .where("trace_id", "in", traceIds.slice(i, i + ID_BATCH))
          .execute();
        for (const row of rows) found.add(pairKey(row));
      }
      return found;
    },

    /**
     * The newest trace evaluation (any status) of each pair that has one, by pair key: what an
     * imported label is put through. Every pair of `judgeIds` × `traceIds` is looked at; callers
     * keep the ones they asked about.
     */
    async latestEvaluations(
      scope: ProjectScope,
      judgeIds: readonly string[],
      traceIds: readonly string[],
    ): Promise<Map<string, string>> {
      const latest = new Map<string, string>();
      for (let i = 0; i < traceIds.length; i += ID_BATCH) {
        const rows = await db
          .selectFrom("trace_evaluations")
          .select(["id", "judge_id", "trace_id"])
          .where("organization_id", "=", scope.organizationId)
          .where("project_id", "=", scope.projectId)
          .where("judge_id", "in", judgeIds)
          .where("trace_id", "in", traceIds.slice(i, i + ID_BATCH))
          .orderBy("created_at")
          .orderBy("id")
          .execute();
        // Oldest first: a newer evaluation of the pair overwrites an older one.
        for (const row of rows) latest.set(pairKey(row), row.id);
      }
      return latest;
    },

    /**
     * Inserts the labels, each replacing the label of its pair if there is one (the unique index
     * decides, so two concurrent puts of one pair leave one label).
     */
    async upsert(handle: Kysely<DatabaseSchema>, rows: readonly AnnotationRow[]): Promise<void> {
      for (const batch of rowBatches(rows, 64)) {
        await handle
          .insertInto("annotations")
          .values([...batch])
          .onConflict((oc) =>
            oc
              .columns(["judge_id", "trace_id"])
              // A new label replaces the old one whole; its id and created_at stay.
              .doUpdateSet((eb) => ({
                trace_evaluation_id: eb.ref("excluded.trace_evaluation_id"),
                passed: eb.ref("excluded.passed"),
                score: eb.ref("excluded.score"),
                comment: eb.ref("excluded.comment"),
                updated_at: eb.ref("excluded.updated_at"),
                created_by: eb.ref("excluded.created_by"),
              })),
          )
          .execute();
      }
    },

    /** Removes the pair's label; answers its id, or undefined when there was none. */
    async deleteByPair(scope: ProjectScope, pair: LabelPair): Promise<string | undefined> {
      const row = await db
        .deleteFrom("annotations")
        .where("judge_id", "=", pair.judge_id)
        .where("trace_id", "=", pair.trace_id)
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .returning("id")
        .executeTakeFirst();
      return row?.id;
    },

    /** One page of a judge's labels, newest first, each beside the judge's latest verdict. */
    listForJudge: (
      scope: ProjectScope,
      judgeId: string,
      page: { page: number; pageSize: number },
    ): Promise<AnnotationWithVerdict[]> =>
      db
        .selectFrom("annotations as a")
        .selectAll("a")
        .select((eb) => [
          latestVerdict(eb, "passed").as("judge_passed"),
          latestVerdict(eb, "score").as("judge_score"),
          latestVerdict(eb, "reasoning").as("judge_reasoning"),
        ])
        .where("a.judge_id", "=", judgeId)
        .where("a.organization_id", "=", scope.organizationId)
        .where("a.project_id", "=", scope.projectId)
        .orderBy("a.updated_at", "desc")
        .orderBy("a.id", "desc")
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute(),
  };
}

export function pairKey(pair: LabelPair): string {
  return `${pair.judge_id} ${pair.trace_id}`;
}

export type AnnotationRepository = ReturnType<typeof createAnnotationRepository>;
