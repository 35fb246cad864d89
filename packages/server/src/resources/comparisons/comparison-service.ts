import type { ComparisonQuery, ComparisonResponse } from "@assay/protocol";
import { badRequest, notFound } from "../../app-error.ts";
import type { Database } from "../../platform/db/database.ts";
import type { AuthContext } from "../../tenancy.ts";
import { createEvaluationRepository } from "../evaluations/repository.ts";
import { runRepeats } from "../evaluations/to-evaluation.ts";
import type { IndexedEvaluation, ResultTextIndex } from "../results/text-index.ts";
import { type ComparisonFilter, createComparisonRepository } from "./comparison-repository.ts";
import { toComparisonStats } from "./paired-stats.ts";
import { toRepeatComparisonStats } from "./repeat-paired-stats.ts";

/**
 * `GET /results/comparison` (protocol §12.4): two evaluations the caller may read (its own or
 * public ones), on the same benchmark, paired by prompt. The counters describe whole evaluations
 * and the statistics every pair; only the rows are filtered and paged.
 */
export function createComparisonService(deps: { db: Database; textIndex: ResultTextIndex }) {
  const evaluations = createEvaluationRepository(deps.db);
  const comparisons = createComparisonRepository(deps.db);

  async function readable(auth: AuthContext, id: string, field: string) {
    const row = await evaluations.findReadable(auth.organizationId, id);
    // A private evaluation of another organization is answered like one that does not exist.
    if (!row) throw notFound(`${field}: evaluation`);
    return row;
  }

  /**
   * The pairs a search keeps through the text index: the first evaluation's prompt, truth or
   * response, or the second's response, holds the text. Undefined when either cannot be answered
   * there; the repository then reads the rows.
   */
  async function searchMatches(
    first: IndexedEvaluation,
    second: IndexedEvaluation,
    text: string | undefined,
  ): Promise<ComparisonFilter["matches"]> {
    if (text === undefined) return undefined;
    // Both asked, so that each starts its index if it has none yet.
    const [inFirst, inSecond] = await Promise.all([
      deps.textIndex.matching(first, text),
      deps.textIndex.matching(second, text, ["response"]),
    ]);
    return inFirst && inSecond ? { first: inFirst, second: inSecond } : undefined;
  }

  return {
    async compare(auth: AuthContext, query: ComparisonQuery): Promise<ComparisonResponse> {
      const first = await readable(auth, query.evaluation_id_1, "evaluation_id_1");
      const second = await readable(auth, query.evaluation_id_2, "evaluation_id_2");
      if (first.benchmark_id !== second.benchmark_id)
        throw badRequest(
          "query.evaluation_id_2",
          `evaluation ${second.id} ran benchmark ${second.benchmark_id}, evaluation ${first.id} ran ${first.benchmark_id}; only evaluations of the same benchmark compare`,
        );
      const repeats = { first: runRepeats(first.options), second: runRepeats(second.options) };
      const filter = {
        outcome: query.outcome_filter,
        repeats,
        search: query.search,
        matches: await searchMatches(first, second, query.search),
      };
      // The summary first: how many pairs the filter keeps tells the page which end is nearer.
      const summary = await comparisons.summary(first.id, second.id, filter);
      const results = await comparisons.page(
        first.id,
        second.id,
        { ...filter, page: query.page, pageSize: query.page_size },
        summary.kept,
      );
      // Runs with repeats compare per-prompt means; one answer each, the 2×2 of answers.
      const most = Math.max(repeats.first, repeats.second);
      const stats =
        most > 1
          ? toRepeatComparisonStats(await comparisons.promptMeans(first.id, second.id), most)
          : toComparisonStats(summary.subsets);
      return {
        results,
        total_count: summary.kept,
        correct_count_1: first.correct_count,
        total_results_1: first.done_count,
        correct_count_2: second.correct_count,
        total_results_2: second.done_count,
        assay: stats,
      };
    },
  };
}

export type ComparisonService = ReturnType<typeof createComparisonService>;
