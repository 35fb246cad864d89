import type { ListResultsQuery, Result } from "@assay/protocol";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import { nearerEnd } from "./nearer-end.ts";
import { DEFAULT_SUBSET, RESULT_COLUMNS, type ResultRow, toResult } from "./result-row.ts";
import { resultsWithPrompts } from "./results-with-prompts-repository.ts";
import type { SearchMatches } from "./text-index.ts";
import { createTextIndexRepository } from "./text-index-repository.ts";

/** What a run's counters say of its results: kept in step with the rows, in their transaction. */
export interface ResultCounts {
  done_count: number;
  correct_count: number;
  failed_count: number;
}

/** How many results an outcome filter keeps, from the counters: no count over 100,000 rows. */
function outcomeTotal(counts: ResultCounts, outcome: ListResultsQuery["outcome"]): number {
  if (outcome === "passed") return counts.correct_count;
  if (outcome === "failed") return counts.done_count - counts.correct_count;
  if (outcome === "error") return counts.failed_count;
  return counts.done_count;
}

/**
 * An evaluation's per-prompt results joined with the prompts they answer, in benchmark order.
 * A page is found in two steps: the positions it holds, then those rows. Unless the prompts'
 * text is filtered, the positions come from an index alone ((evaluation, position), the
 * outcome's (evaluation, passed, position), or the failed calls' partial one), walked from the
 * nearer end, so no page of a 100,000-prompt run joins or skips more than half of it; a search
 * or a subset counts its matches (a search of a finished run through its text index), then walks
 * them from the nearer end likewise.
 */
export function createResultRepository(db: Database) {
  const positionsIn = createTextIndexRepository(db).positionsIn;
  function outcomeRows(evaluationId: string, outcome: ListResultsQuery["outcome"]) {
    let results = db
      .selectFrom("evaluation_results as r")
      .where("r.evaluation_id", "=", evaluationId);
    if (outcome === "passed") results = results.where("r.passed", "=", 1);
    if (outcome === "failed") results = results.where("r.passed", "=", 0);
    if (outcome === "error") results = results.where("r.error", "is not", null);
    return results;
  }

  /** Filtered results joined with the prompts they answer (resultsWithPrompts, filters first). */
  const withPrompts = (results: ReturnType<typeof outcomeRows>) =>
    results.innerJoin("evaluation_samples as s", (join) =>
      join.onRef("s.evaluation_id", "=", "r.evaluation_id").onRef("s.position", "=", "r.position"),
    );

  /** The positions of the evaluation's prompts in `subset`, from (evaluation, subset, position). */
  const subsetPositions = (evaluationId: string, subset: string) =>
    db
      .selectFrom("evaluation_samples")
      .select("position")
      .where("evaluation_id", "=", evaluationId)
      .where((eb) =>
        subset === DEFAULT_SUBSET
          ? eb.or([eb("subset", "is", null), eb("subset", "=", subset)])
          : eb("subset", "=", subset),
      );

  /**
   * The page's positions and the filter's total, by the cheapest way the filter allows. While a
   * run goes on, a write landing between the counters' read and this one can shift a page by
   * the rows it added, as it could between a count and a page before.
   */
  async function pagePositions(
    evaluationId: string,
    counts: ResultCounts,
    query: ListResultsQuery,
    matches: SearchMatches | undefined,
  ): Promise<{ positions: number[]; total: number }> {
    // An indexed search alone is its page already: the matches are the results, in order.
    if (matches && query.outcome === undefined && query.subset === undefined) {
      const from = (query.page - 1) * query.page_size;
      return {
        positions: matches.positions.slice(from, from + query.page_size),
        total: matches.positions.length,
      };
    }
    // A subset and an indexed search are sets of positions, found through indexes; a search
    // the text index could not answer reads every prompt and response.
    let results = outcomeRows(evaluationId, query.outcome);
    if (query.subset !== undefined)
      results = results.where("r.position", "in", subsetPositions(evaluationId, query.subset));
    if (matches) results = results.where("r.position", "in", matches.subquery);
    const search = matches ? undefined : query.search;
    const kept =
      search === undefined
        ? results.select("r.position")
        : withPrompts(results)
            .where((eb) =>
              eb.or(
                ["s.input_text", "s.truth", "r.response"].map((column) =>
                  containsText(column, search),
                ),
              ),
            )
            .select("r.position");
    // A filter beyond the outcome counts what it keeps (one pass), then the page is taken from
    // the nearer end, so at most half of them are read again.
    const total =
      query.subset !== undefined || query.search !== undefined
        ? Number(
            (
              await kept
                .clearSelect()
                .select((eb) => eb.fn.countAll<number>().as("total"))
                .executeTakeFirstOrThrow()
            ).total,
          )
        : outcomeTotal(counts, query.outcome);
    const span = nearerEnd(total, query.page, query.page_size);
    if (!span) return { positions: [], total };
    const rows = await kept
      .orderBy("r.position", span.direction)
      .limit(span.limit)
      .offset(span.offset)
      .execute();
    return { positions: rows.map((r) => r.position), total };
  }

  /** The results at these positions, with their prompts, in position order. */
  const rowsAt = (evaluationId: string, positions: readonly number[]): Promise<ResultRow[]> =>
    resultsWithPrompts(db, evaluationId)
      .where("r.position", "in", positionsIn(positions))
      .select(RESULT_COLUMNS)
      .orderBy("r.position")
      .execute();

  return {
    /**
     * One page of results. `matches`: the positions the text index found for `query.search`
     * (text-index.ts); without them a search reads the rows.
     */
    async page(
      evaluationId: string,
      counts: ResultCounts,
      query: ListResultsQuery,
      matches?: SearchMatches,
      repeats = 1,
    ): Promise<{ results: Result[]; total: number }> {
      const { positions, total } = await pagePositions(evaluationId, counts, query, matches);
      const rows = positions.length === 0 ? [] : await rowsAt(evaluationId, positions);
      return { total, results: rows.map((row) => toResult(row, repeats)) };
    },

    rowsAt,
  };
}
