import { type ExpressionBuilder, sql } from "kysely";
import type { DatabaseSchema } from "../../platform/db/schema.ts";

// The latest-verdict rule that the annotation repositories (repository.ts, agreement-repository.ts,
// queue-repository.ts) share, so that every read of labels beside verdicts applies the same rule.

/** Queries over labels name the annotations table `a`. */
export type LabelTables = DatabaseSchema & { a: DatabaseSchema["annotations"] };

/** The verdict's columns a label is read beside, with their stored types. */
interface VerdictColumns {
  passed: number | null;
  score: number | null;
  reasoning: string | null;
}

/**
 * A column of the judge's latest verdict on the trace of label `a` (null when there is none):
 * the newest successful evaluation of that judge and trace that has a `passed`. A re-run
 * (perhaps by a newer version of the judge) supersedes older verdicts, so only the latest says
 * what the judge thinks now.
 *
 * A scalar subquery per label, not a join: it walks that trace's few evaluations through the
 * `trace_evaluations_trace_idx` index, where PostgreSQL answers a join on a correlated id by
 * hashing the whole trace_evaluations table. Its order ends on the id, so two columns read
 * this way come from the same evaluation.
 */
export function latestVerdict<C extends keyof VerdictColumns>(
  eb: ExpressionBuilder<LabelTables, "a">,
  column: C,
) {
  return (
    eb
      .selectFrom("trace_evaluations as te")
      .select(`te.${column}`)
      .whereRef("te.judge_id", "=", "a.judge_id")
      .whereRef("te.trace_id", "=", "a.trace_id")
      .where("te.status", "=", "success")
      .where("te.passed", "is not", null)
      // Both are set with a verdict; coalesce keeps NULL ordering (dialects differ) out.
      .orderBy(sql`coalesce(te.result_at, te.created_at)`, "desc")
      .orderBy("te.id", "desc")
      .limit(1)
      // One column whose type depends on which: the union of all three is what Kysely infers.
      .$castTo<Record<C, VerdictColumns[C]>>()
  );
}

/**
 * The same rule as a window over a judge's evaluations `te`: on every row, the `passed` of the
 * latest verdict on that row's trace (null when there is none). For reads that walk all of a
 * judge's evaluations anyway (its annotation queue): one sort instead of a subquery per row,
 * which PostgreSQL, before its statistics caught up with a freshly judged batch, ran as a scan
 * per row: a 50,000-trace queue took 42 s to read, and takes 1.1–1.6 s this way (2 s on SQLite).
 */
export function latestVerdictPassedOverTrace() {
  return sql<number | null>`first_value(case when te.status = 'success' then te.passed end) over (
    partition by te.trace_id
    order by
      case when te.status = 'success' and te.passed is not null then 0 else 1 end,
      coalesce(te.result_at, te.created_at) desc,
      te.id desc
  )`;
}
