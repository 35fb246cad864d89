import type { ComparisonOutcome, ComparisonResult } from "@assay/protocol";
import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { PairedCounts } from "../../engine/stats/index.ts";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import { nearerEnd } from "../results/nearer-end.ts";
import { resultsWithPrompts } from "../results/results-with-prompts-repository.ts";
import type { SearchMatches } from "../results/text-index.ts";

/**
 * Whether a side's prompt counts as right: its answer, or, for a run asking each prompt `repeats`
 * times, the majority of its answers (a tie is not a majority). The pair's row is the prompt's
 * first answer, at position i·repeats, so its answers are the `repeats` positions from there.
 */
function right(side: "r" | "r1" | "r2", repeats: number): RawBuilder<SqlBool> {
  const row = sql.ref(side);
  if (repeats === 1) return sql<SqlBool>`${row}.passed = 1`;
  return sql<SqlBool>`(select case when 2 * sum(x.passed) > count(*) then 1 else 0 end
    from evaluation_results x
    where x.evaluation_id = ${row}.evaluation_id
      and x.position >= ${row}.position and x.position < ${row}.position + ${sql.lit(repeats)}) = 1`;
}

/**
 * A row's score: its answer's, or with repeats the mean over the prompt's answers (the row, at
 * the prompt's first answer, reads its `repeats` positions).
 */
function promptScore(repeats: number) {
  if (repeats === 1) return sql<number>`r.score`.as("score");
  return sql<number>`(select sum(x.score) * 1.0 / count(*) from evaluation_results x
    where x.evaluation_id = r.evaluation_id
      and x.position >= r.position and x.position < r.position + ${sql.lit(repeats)})`.as("score");
}

/** A row's outcome: its answer's, or with repeats its prompt's majority vote (right()). */
function promptPassed(repeats: number) {
  if (repeats === 1) return sql<number>`r.passed`.as("passed");
  return sql<number>`case when ${right("r", repeats)} then 1 else 0 end`.as("passed");
}

/** Which pairs each outcome filter keeps (evaluation 1 is the reference). */
function outcomeCondition(
  outcome: ComparisonOutcome,
  repeats: ComparisonRepeats,
): RawBuilder<SqlBool> | undefined {
  const one = right("r1", repeats.first);
  const two = right("r2", repeats.second);
  const not = (condition: RawBuilder<SqlBool>) => sql<SqlBool>`not (${condition})`;
  if (outcome === "both_succeed") return sql<SqlBool>`${one} and ${two}`;
  if (outcome === "both_fail") return sql<SqlBool>`${not(one)} and ${not(two)}`;
  if (outcome === "reference_fails") return sql<SqlBool>`${not(one)} and ${two}`;
  if (outcome === "comparison_fails") return sql<SqlBool>`${one} and ${not(two)}`;
  return undefined;
}

/** How many times each run asked its prompts (1 without repeats). */
export interface ComparisonRepeats {
  first: number;
  second: number;
}

/** One subset's paired 2×2. */
export interface SubsetCounts {
  subset: string;
  counts: PairedCounts;
}

/** Which pairs a comparison lists. */
export interface ComparisonFilter {
  outcome: ComparisonOutcome;
  repeats: ComparisonRepeats;
  search?: string;
  /** The search's matches from the text index, by evaluation; without them the rows are read. */
  matches?: { first: SearchMatches; second: SearchMatches };
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
  // lookups all the way. Written as cross joins because SQLite then keeps this order: left to
  // itself, without statistics, it may drive from evaluation 2 and scan evaluation 1's prompts
  // for each of them (minutes at 100,000). PostgreSQL plans cross joins like inner ones.
  const pairs = (id1: string, id2: string) =>
    db
      .selectFrom("evaluation_results as r1")
      .crossJoin("evaluation_samples as s1")
      .crossJoin("evaluation_samples as s2")
      .crossJoin("evaluation_results as r2")
      .where("r1.evaluation_id", "=", id1)
      .whereRef("s1.evaluation_id", "=", "r1.evaluation_id")
      .whereRef("s1.position", "=", "r1.position")
      .where("s2.evaluation_id", "=", id2)
      .whereRef("s2.prompt_id", "=", "s1.prompt_id")
      .whereRef("r2.evaluation_id", "=", "s2.evaluation_id")
      .whereRef("r2.position", "=", "s2.position")
      // A run with repeats pairs on its prompts' first answers (its means: promptMeans).
      .where("s1.repeat", "=", 0)
      .where("s2.repeat", "=", 0);

  /** What the outcome filter and the search keep; undefined when they keep every pair. */
  function kept(query: ComparisonFilter): RawBuilder<SqlBool> | undefined {
    const conditions: RawBuilder<SqlBool>[] = [];
    const outcome = outcomeCondition(query.outcome, query.repeats);
    if (outcome) conditions.push(outcome);
    const text = query.search;
    if (query.matches) {
      const { first, second } = query.matches;
      conditions.push(
        sql<SqlBool>`(r1.position in ${first.subquery} or r2.position in ${second.subquery})`,
      );
    } else if (text !== undefined) {
      const columns = ["s1.input_text", "s1.truth", "r1.response", "r2.response"];
      const matches = columns.map((column) => containsText(column, text));
      conditions.push(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
    }
    return conditions.length === 0 ? undefined : sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
  }

  /** Each prompt's share of right answers in one run, by prompt id, with its subset. */
  const meansOf = (id: string) =>
    resultsWithPrompts(db, id)
      .select((eb) => [
        "s.prompt_id",
        sql<string>`min(coalesce(s.subset, 'default'))`.as("subset"),
        eb.fn.countAll<number>().as("answers"),
        sql<number>`sum(r.passed)`.as("correct"),
      ])
      .groupBy("s.prompt_id")
      .execute();

  return {
    /**
     * Runs with repeats: each prompt both have answered, with its share of right answers in each
     * (the per-prompt means a paired comparison of such runs is made of), in subset order.
     */
    async promptMeans(
      id1: string,
      id2: string,
    ): Promise<{ subset: string; a: number; b: number }[]> {
      const [first, second] = await Promise.all([meansOf(id1), meansOf(id2)]);
      const seconds = new Map(
        second.map((row) => [row.prompt_id, Number(row.correct) / Number(row.answers)]),
      );
      return first
        .flatMap((row) => {
          const b = seconds.get(row.prompt_id);
          return b === undefined
            ? []
            : [{ subset: row.subset, a: Number(row.correct) / Number(row.answers), b }];
        })
        .sort((x, y) => (x.subset < y.subset ? -1 : x.subset > y.subset ? 1 : 0));
    },

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

    /**
     * One page of the pairs the filter keeps (`total` of them, as the summary counted), in
     * evaluation 1's benchmark order: the page's pairs found by their positions alone, from the
     * nearer end of the list, then their texts read for those pairs only.
     */
    async page(
      id1: string,
      id2: string,
      query: ComparisonPageQuery,
      total: number,
    ): Promise<ComparisonResult[]> {
      const span = nearerEnd(total, query.page, query.pageSize);
      if (!span) return [];
      let base = pairs(id1, id2);
      const keep = kept(query);
      if (keep) base = base.where(keep);
      const keys = await base
        .select(["r1.position as position_1", "r2.position as position_2"])
        .orderBy("r1.position", span.direction)
        .limit(span.limit)
        .offset(span.offset)
        .execute();
      if (span.direction === "desc") keys.reverse();
      const [firsts, seconds] = await Promise.all([
        resultsWithPrompts(db, id1)
          .select([
            "r.position",
            "s.prompt_id",
            "s.subset",
            "s.input_text",
            "s.truth",
            "r.response",
            promptScore(query.repeats.first),
            promptPassed(query.repeats.first),
          ])
          .where(
            "r.position",
            "in",
            keys.map((k) => k.position_1),
          )
          .execute(),
        db
          .selectFrom("evaluation_results as r")
          .select([
            "r.position",
            "r.response",
            promptScore(query.repeats.second),
            promptPassed(query.repeats.second),
          ])
          .where("r.evaluation_id", "=", id2)
          .where(
            "r.position",
            "in",
            keys.map((k) => k.position_2),
          )
          .execute(),
      ]);
      const first = new Map(firsts.map((row) => [row.position, row]));
      const second = new Map(seconds.map((row) => [row.position, row]));
      const rows = keys.flatMap((k) => {
        const one = first.get(k.position_1);
        const two = second.get(k.position_2);
        return one && two ? [{ one, two }] : [];
      });
      return rows.map(({ one, two }) => ({
        result_id_1: one.position,
        result_id_2: two.position,
        prompt: one.input_text,
        truth: one.truth,
        result1: one.response,
        result2: two.response,
        score1: Number(one.score),
        score2: Number(two.score),
        prompt_id: one.prompt_id,
        subset: one.subset ?? "default",
        passed1: Number(one.passed) === 1,
        passed2: Number(two.passed) === 1,
      }));
    },
  };
}

export type ComparisonRepository = ReturnType<typeof createComparisonRepository>;
