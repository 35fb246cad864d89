import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** One person's label on a trace, for a judge, with the trace as stored. */
export interface LabeledTraceRow {
  trace_id: string;
  passed: boolean;
  comment: string | null;
  data: string;
  format: string;
}

/**
 * The labels people gave a judge's verdicts (the `annotations` table, one per trace), read
 * straight from the table: optimizations only read them, the annotations resource writes them.
 * Every query is confined to the scope, the trace's as well as the label's.
 */
export function createLabelReader(db: Database) {
  const labelsOf = (scope: ProjectScope, judgeId: string) =>
    db
      .selectFrom("annotations as a")
      .innerJoin("traces as t", "t.id", "a.trace_id")
      .where("a.judge_id", "=", judgeId)
      .where("a.organization_id", "=", scope.organizationId)
      .where("a.project_id", "=", scope.projectId)
      .where("t.organization_id", "=", scope.organizationId)
      .where("t.project_id", "=", scope.projectId);

  return {
    /** How many traces people labeled pass, and fail, for this judge. */
    async counts(
      scope: ProjectScope,
      judgeId: string,
    ): Promise<{ passed: number; failed: number }> {
      const rows = await labelsOf(scope, judgeId)
        .select(["a.passed", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("a.passed")
        .execute();
      const count = (passed: number) =>
        Number(rows.find((r) => Number(r.passed) === passed)?.count ?? 0);
      return { passed: count(1), failed: count(0) };
    },

    /** The labeled traces' ids, in id order. */
    async traceIds(scope: ProjectScope, judgeId: string): Promise<string[]> {
      const rows = await labelsOf(scope, judgeId)
        .select("a.trace_id")
        .orderBy("a.trace_id")
        .execute();
      return rows.map((r) => r.trace_id);
    },

    /** The labels with their traces, in trace id order; the first `limit` when given. */
    async labeledTraces(
      scope: ProjectScope,
      judgeId: string,
      limit?: number,
    ): Promise<LabeledTraceRow[]> {
      let query = labelsOf(scope, judgeId)
        .select(["a.trace_id", "a.passed", "a.comment", "t.data", "t.format"])
        .orderBy("a.trace_id");
      if (limit !== undefined) query = query.limit(limit);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, passed: Number(r.passed) === 1 }));
    },
  };
}

export type LabelReader = ReturnType<typeof createLabelReader>;
