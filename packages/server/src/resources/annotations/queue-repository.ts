import { sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { latestVerdictPassedOverTrace } from "./latest-verdict-repository.ts";

/** A queue item as stored: its state as 0, 1, 2 (QUEUE_STATES' order, and the sort order). */
export interface QueueRow {
  trace_id: string;
  trace_evaluation_id: string;
  state: number;
}

/**
 * A judge's annotation queue, computed where the rows are: one item per trace the judge
 * evaluated, through the trace's newest evaluation with a verdict (else its newest), unlabelled
 * traces first, then those whose label the judge's latest verdict contradicts, then the rest,
 * each group by that evaluation's age, oldest first.
 */
export function createAnnotationQueueRepository(db: Database) {
  /**
   * Each of the judge's evaluations numbered within its trace, the one to label through first,
   * beside its trace's latest verdict.
   */
  const picked = (scope: ProjectScope, judgeId: string) =>
    db
      .selectFrom("trace_evaluations as te")
      .select(["te.trace_id", "te.id", "te.created_at"])
      .select(
        sql<number>`row_number() over (
          partition by te.trace_id
          order by case when te.status = 'success' then 0 else 1 end, te.created_at desc, te.id desc
        )`.as("pick"),
      )
      .select(latestVerdictPassedOverTrace().as("verdict"))
      .where("te.organization_id", "=", scope.organizationId)
      .where("te.project_id", "=", scope.projectId)
      .where("te.judge_id", "=", judgeId);

  return {
    page: (
      scope: ProjectScope,
      judgeId: string,
      page: { page: number; pageSize: number },
    ): Promise<QueueRow[]> =>
      db
        .selectFrom(picked(scope, judgeId).as("q"))
        .leftJoin("annotations as a", (join) =>
          join.onRef("a.trace_id", "=", "q.trace_id").on("a.judge_id", "=", judgeId),
        )
        .where("q.pick", "=", 1)
        .select(["q.trace_id", "q.id as trace_evaluation_id"])
        .select(
          sql<number>`case
            when a.id is null then 0
            when a.passed <> q.verdict then 1
            else 2
          end`.as("state"),
        )
        .orderBy("state")
        .orderBy("q.created_at")
        .orderBy("q.trace_id")
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute(),

    /** Traces the judge evaluated: the queue's length. */
    async total(scope: ProjectScope, judgeId: string): Promise<number> {
      const row = await db
        .selectFrom("trace_evaluations")
        .select((eb) => eb.fn.count<number | string>("trace_id").distinct().as("n"))
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("judge_id", "=", judgeId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
