import type { ComparisonOutcome, ComparisonResult } from "@assay/protocol";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { PairedCounts } from "../../engine/stats/index.ts";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";

/** Which pairs each outcome filter keeps (evaluation 1 is the reference). */
const OUTCOME_CONDITIONS: Record<ComparisonOutcome, RawBuilder<SqlBool> | undefined> = {
  all: undefined,
  both_succeed: sql<SqlBool>`r1.passed = 1 and r2.passed = 1`,
  both_fail: sql<SqlBool>`r1.passed = 0 and r2.passed = 0`,
  reference_fails: sql<SqlBool>`r1.passed = 0 and r2.passed = 1`,
  comparison_fails: sql<SqlBool>`r1.passed = 1 and r2.passed = 0`,
};

/** One subset's paired 2×2. */
export interface SubsetCounts {
  subset: string;
  counts: PairedCounts;
}

/** Which pairs a comparison lists. */
export interface ComparisonFilter {
  outcome: ComparisonOutcome;
  search?: string;
}

export interface ComparisonPageQuery extends ComparisonFilter {
  page: number;
  pageSize: number;
}

/**
 * The results of two evaluations paired by prompt id: only prompts both have answered pair up
 * (an evaluation run with a `limit`, or still running, pairs on what it has). Rows follow
 * evaluation 1's benchmark order.
 */
export function createComparisonRepository(db: Database) {
  // Evaluation 1's results in benchmark order, each joined to its prompt, to evaluation 2's copy
  // of that prompt through (evaluation, prompt id, position), and to that copy's result: index
  // lookups all the way, so a pair costs the same at 100 prompts as at 100,000.
  const pairs = (id1: string, id2: string) =>
    db
      .selectFrom("evaluation_results as r1")
      .innerJoin("evaluation_samples as s1", (join) =>
        join
          .onRef("s1.evaluation_id", "=", "r1.evaluation_id")
          .onRef("s1.position", "=", "r1.position"),
      )
      .innerJoin("evaluation_samples as s2", (join) =>
        join.on("s2.evaluation_id", "=", id2).onRef("s2.prompt_id", "=", "s1.prompt_id"),
      )
      .innerJoin("evaluation_results as r2", (join) =>
        join
          .onRef("r2.evaluation_id", "=", "s2.evaluation_id")
          .onRef("r2.position", "=", "s2.position"),
      )
      .where("r1.evaluation_id", "=", id1);

  /** What the outcome filter and the search keep; undefined when they keep every pair. */
  function kept(query: ComparisonFilter): RawBuilder<SqlBool> | undefined {
    const conditions: RawBuilder<SqlBool>[] = [];
    const outcome = OUTCOME_CONDITIONS[query.outcome];
    if (outcome) conditions.push(outcome);
    const text = query.search;
    if (text !== undefined) {
      const columns = ["s1.input_text", "s1.truth", "r1.response", "r2.response"];
      const matches = columns.map((column) => containsText(column, text));
      conditions.push(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
    }
    return conditions.length === 0 ? undefined : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
  }

  return {
    /**
     * The paired 2×2 of each subset over every pair, whatever filter is asked for, and how many
     * pairs the filter keeps: one pass over the pairs serves both. Subsets in name order; the
     * whole comparison's 2×2 is their sum.
     */
    async summary(
      id1: string,
      id2: string,
      filter: ComparisonFilter,
    ): Promise<{ subsets: SubsetCounts[]; kept: number }> {
      const keep = kept(filter) ?? sql<SqlBool>`1 = 1`;
      const count = (condition: RawBuilder<SqlBool>) =>
        sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
      const rows = await pairs(id1, id2)
        .select((eb) => [
          "s1.subset",
          eb.fn.countAll<number>().as("pairs"),
          count(sql`r1.passed = 1 and r2.passed = 1`).as("both_correct"),
          count(sql`r1.passed = 1 and r2.passed = 0`).as("only_1"),
          count(sql`r1.passed = 0 and r2.passed = 1`).as("only_2"),
          count(keep).as("kept"),
        ])
        .groupBy("s1.subset")
        .orderBy("s1.subset")
        .execute();
      let keptPairs = 0;
      const subsets = rows.map((row) => {
        // PostgreSQL answers counts and sums as bigint/numeric; Number() makes sure.
        const total = Number(row.pairs);
        const bothCorrect = Number(row.both_correct);
        const onlyACorrect = Number(row.only_1);
        const onlyBCorrect = Number(row.only_2);
        keptPairs += Number(row.kept);
        return {
          subset: row.subset ?? "default",
          counts: {
            bothCorrect,
            onlyACorrect,
            onlyBCorrect,
            bothWrong: total - bothCorrect - onlyACorrect - onlyBCorrect,
          },
        };
      });
      return { subsets, kept: keptPairs };
    },

    /** One page of the pairs the filter keeps, in evaluation 1's benchmark order. */
    async page(id1: string, id2: string, query: ComparisonPageQuery): Promise<ComparisonResult[]> {
      let base = pairs(id1, id2);
      const keep = kept(query);
      if (keep) base = base.where(keep);
      const rows = await base
        .select([
          "r1.position as position_1",
          "r2.position as position_2",
          "s1.prompt_id",
          "s1.subset",
          "s1.input_text",
          "s1.truth",
          "r1.response as response_1",
          "r2.response as response_2",
          "r1.score as score_1",
          "r2.score as score_2",
          "r1.passed as passed_1",
          "r2.passed as passed_2",
        ])
        .orderBy("r1.position")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      return rows.map((row) => ({
        result_id_1: row.position_1,
        result_id_2: row.position_2,
        prompt: row.input_text,
        truth: row.truth,
        result1: row.response_1,
        result2: row.response_2,
        score1: row.score_1,
        score2: row.score_2,
        prompt_id: row.prompt_id,
        subset: row.subset ?? "default",
        passed1: row.passed_1 === 1,
        passed2: row.passed_2 === 1,
      }));
    },
  };
}

export type ComparisonRepository = ReturnType<typeof createComparisonRepository>;
