import type { OptimizationStatus } from "@assay/protocol";
import type { Kysely, Updateable } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { inTransaction } from "../../platform/db/in-transaction.ts";
import type {
  DatabaseSchema,
  JudgeOptimizationRunRow,
  JudgeOptimizationRunsTable,
} from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { recordRunEnd } from "../integrations/outbox-repository.ts";

/** Statuses after which a run changes no more (except being applied). */
const FINISHED: readonly string[] = ["success", "failure"] satisfies OptimizationStatus[];

export const isFinished = (status: string): boolean => FINISHED.includes(status);

/** What a finished run stores besides its status. */
export type RunResult = Pick<
  JudgeOptimizationRunsTable,
  | "optimized_goal"
  | "baseline_accuracy"
  | "optimized_accuracy"
  | "stats"
  | "logs"
  | "actual_cost"
  | "annotation_count"
>;

/**
 * Judge optimization runs. Reads by id are confined to a scope (the job reads by id alone and
 * checks the scope itself). Status changes are guarded by the status they leave, so a job
 * delivered twice never moves a run backwards or finishes it twice, and a run is applied once.
 */
export function createOptimizationRepository(db: Database) {
  /**
   * Moves a run from one of `from`; false when it was elsewhere. A move to a finished status
   * stores the integrations' event in the same transaction (integrations/outbox-repository.ts).
   */
  async function transition(
    id: string,
    from: readonly OptimizationStatus[],
    changes: Updateable<JudgeOptimizationRunsTable>,
  ): Promise<boolean> {
    const update = (handle: Kysely<DatabaseSchema>) =>
      handle
        .updateTable("judge_optimization_runs")
        .set(changes)
        .where("id", "=", id)
        .where("status", "in", from)
        .returning(["organization_id", "project_id"])
        .executeTakeFirst();
    const status = changes.status;
    if (status !== "success" && status !== "failure") return (await update(db)) !== undefined;
    return inTransaction(db, async (trx) => {
      const run = await update(trx);
      if (!run) return false;
      await recordRunEnd(trx, {
        object: "judge_optimization",
        runId: id,
        organizationId: run.organization_id,
        projectId: run.project_id,
        status,
        at: String(changes.finished_at ?? new Date().toISOString()),
      });
      return true;
    });
  }

  const inScope = (scope: ProjectScope, handle: Kysely<DatabaseSchema> = db) =>
    handle
      .selectFrom("judge_optimization_runs")
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId);

  /** Back to the state of a run that has not begun: a restarted run starts from scratch. */
  const fresh = {
    logs: "",
    actual_cost: 0,
    optimized_goal: null,
    baseline_accuracy: null,
    optimized_accuracy: null,
    stats: null,
  } satisfies Updateable<JudgeOptimizationRunsTable>;

  return {
    insert: (trx: Kysely<DatabaseSchema>, row: JudgeOptimizationRunRow) =>
      trx.insertInto("judge_optimization_runs").values(row).execute(),

    find: (
      scope: ProjectScope,
      id: string,
      handle: Kysely<DatabaseSchema> = db,
    ): Promise<JudgeOptimizationRunRow | undefined> =>
      inScope(scope, handle).selectAll().where("id", "=", id).executeTakeFirst(),

    findById: (id: string): Promise<JudgeOptimizationRunRow | undefined> =>
      db.selectFrom("judge_optimization_runs").selectAll().where("id", "=", id).executeTakeFirst(),

    /** One page, newest first, optionally of one judge, and the number on all pages. */
    async list(
      scope: ProjectScope,
      query: { judgeId?: string | undefined; page: number; pageSize: number },
    ): Promise<{ rows: JudgeOptimizationRunRow[]; total: number }> {
      let base = inScope(scope);
      if (query.judgeId !== undefined) base = base.where("judge_id", "=", query.judgeId);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    /** pending → in_progress. */
    start: (id: string, at: string): Promise<boolean> =>
      transition(id, ["pending"], { ...fresh, status: "in_progress", started_at: at }),

    /** Ids of every run not finished yet, for the sweep that ends runs nothing will finish. */
    listUnfinishedIds: async (): Promise<string[]> =>
      (
        await db
          .selectFrom("judge_optimization_runs")
          .select("id")
          .where("status", "in", ["pending", "in_progress"])
          .execute()
      ).map((r) => r.id),

    /** in_progress → in_progress from scratch: its worker died or was stopped mid-run. */
    restart: (id: string, at: string): Promise<boolean> =>
      transition(id, ["in_progress"], { ...fresh, started_at: at }),

    /** The logs and cost so far of a running run; false when it is not running any more. */
    progress: (id: string, logs: string, actualCost: number): Promise<boolean> =>
      transition(id, ["in_progress"], { logs, actual_cost: actualCost }),

    /** in_progress → success with the result, in one update. */
    succeed: (id: string, result: RunResult, at: string): Promise<boolean> =>
      transition(id, ["in_progress"], {
        ...result,
        status: "success",
        status_description: "",
        finished_at: at,
      }),

    /** pending or in_progress → failure, with why. */
    fail: (
      id: string,
      failure: { description: string; logs: string; actualCost: number },
      at: string,
    ): Promise<boolean> =>
      transition(id, ["pending", "in_progress"], {
        status: "failure",
        status_description: failure.description,
        logs: failure.logs,
        actual_cost: failure.actualCost,
        finished_at: at,
      }),

    /** Marks a successful run applied; false when it is not (any more) an unapplied success. */
    async markApplied(
      trx: Kysely<DatabaseSchema>,
      id: string,
      at: string,
      version: number,
    ): Promise<boolean> {
      const result = await trx
        .updateTable("judge_optimization_runs")
        .set({ applied_at: at, applied_version: version })
        .where("id", "=", id)
        .where("status", "=", "success")
        .where("applied_at", "is", null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type OptimizationRepository = ReturnType<typeof createOptimizationRepository>;
