import type { TraceEvaluationStatus } from "@assay/protocol";
import type { Kysely, Updateable } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { inTransaction } from "../../platform/db/in-transaction.ts";
import { rowBatches } from "../../platform/db/row-batches.ts";
import type {
  DatabaseSchema,
  TraceEvaluationRow,
  TraceEvaluationsTable,
  TraceRow,
} from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { recordRunEnd } from "../integrations/outbox-repository.ts";

/** Statuses after which nothing happens to an evaluation any more. */
const FINISHED_STATUSES: readonly string[] = [
  "success",
  "failure",
] satisfies TraceEvaluationStatus[];

export const isFinished = (status: string): boolean => FINISHED_STATUSES.includes(status);

/** The verdict columns, written together with status `success`. */
export type Verdict = Pick<
  TraceEvaluationsTable,
  | "score"
  | "passed"
  | "reasoning"
  | "model"
  | "turns"
  | "latency_ms"
  | "prompt_tokens"
  | "completion_tokens"
  | "total_cost"
  | "truncated"
> & { result_id: string };

/** Most ids per `in (…)` list: well under either dialect's bound-parameter limit. */
const ID_BATCH = 500;

/**
 * Trace evaluations and the traces they judge. Reads by id are confined to a scope; status
 * changes are guarded by the status they leave, so a job delivered twice (at least once) or a
 * delete racing a worker never moves an evaluation backwards or writes a second verdict.
 */
export function createTraceEvaluationRepository(db: Database) {
  /** Moves an evaluation out of one of `from` with `changes`; false when it was in none of them. */
  /**
   * Moves an evaluation from one of `from`; false when it was elsewhere. A move to a finished
   * status stores the integrations' event in the same transaction (integrations/outbox-repository.ts).
   */
  async function transition(
    id: string,
    from: readonly TraceEvaluationStatus[],
    changes: Updateable<TraceEvaluationsTable>,
  ): Promise<boolean> {
    const update = (handle: Kysely<DatabaseSchema>) =>
      handle
        .updateTable("trace_evaluations")
        .set(changes)
        .where("id", "=", id)
        .where("status", "in", from)
        .returning(["organization_id", "project_id"])
        .executeTakeFirst();
    const status = changes.status;
    if (typeof status !== "string" || !isFinished(status)) return (await update(db)) !== undefined;
    return inTransaction(db, async (trx) => {
      const run = await update(trx);
      if (!run) return false;
      await recordRunEnd(trx, {
        object: "trace_evaluation",
        runId: id,
        organizationId: run.organization_id,
        projectId: run.project_id,
        status,
        at: String(changes.finished_at ?? new Date().toISOString()),
      });
      return true;
    });
  }

  return {
    async insert(trx: Kysely<DatabaseSchema>, rows: readonly TraceEvaluationRow[]): Promise<void> {
      for (const batch of rowBatches(rows, 64)) {
        await trx
          .insertInto("trace_evaluations")
          .values([...batch])
          .execute();
      }
    },

    find: (scope: ProjectScope, id: string): Promise<TraceEvaluationRow | undefined> =>
      db
        .selectFrom("trace_evaluations")
        .selectAll()
        .where("id", "=", id)
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .executeTakeFirst(),

    findById: (id: string): Promise<TraceEvaluationRow | undefined> =>
      db.selectFrom("trace_evaluations").selectAll().where("id", "=", id).executeTakeFirst(),

    findTrace: (scope: ProjectScope, id: string): Promise<TraceRow | undefined> =>
      db
        .selectFrom("traces")
        .selectAll()
        .where("id", "=", id)
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .executeTakeFirst(),

    /** Which of these ids are traces of the scope. */
    async existingTraceIds(scope: ProjectScope, ids: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += ID_BATCH) {
        const rows = await db
          .selectFrom("traces")
          .select("id")
          .where("id", "in", ids.slice(i, i + ID_BATCH))
          .where("organization_id", "=", scope.organizationId)
          .where("project_id", "=", scope.projectId)
          .execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    /** Traces of the scope by id, a batch at a time (they may be large). */
    tracesByIds: (scope: ProjectScope, ids: readonly string[]): Promise<TraceRow[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("traces")
            .selectAll()
            .where("id", "in", ids)
            .where("organization_id", "=", scope.organizationId)
            .where("project_id", "=", scope.projectId)
            .execute(),

    /** Ids of every evaluation not finished yet, for the sweep that ends runs nothing will finish. */
    listUnfinishedIds: async (): Promise<string[]> =>
      (
        await db
          .selectFrom("trace_evaluations")
          .select("id")
          .where("status", "in", ["pending", "in_progress"])
          .execute()
      ).map((r) => r.id),

    /** pending → in_progress; false when it was not pending. */
    start: (id: string, at: string): Promise<boolean> =>
      transition(id, ["pending"], { status: "in_progress", started_at: at }),

    /** in_progress → success with the verdict, in one update. */
    succeed: (id: string, verdict: Verdict, at: string): Promise<boolean> =>
      transition(id, ["in_progress"], {
        ...verdict,
        status: "success",
        finished_at: at,
        result_at: at,
      }),

    /** pending or in_progress → failure, with why. */
    fail: (id: string, description: string, at: string): Promise<boolean> =>
      transition(id, ["pending", "in_progress"], {
        status: "failure",
        status_description: description,
        finished_at: at,
      }),
  };
}

export type TraceEvaluationRepository = ReturnType<typeof createTraceEvaluationRepository>;
