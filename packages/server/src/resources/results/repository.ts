import type { ListResultsQuery, Result, ScorerScore } from "@assay/protocol";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";

/** Prompts without a subset are reported (and filtered) as `default`. */
const DEFAULT_SUBSET = "default";

/** An evaluation's per-prompt results joined with the prompts they answer, in benchmark order. */
export function createResultRepository(db: Database) {
  return {
    async page(
      evaluationId: string,
      query: ListResultsQuery,
    ): Promise<{ results: Result[]; total: number }> {
      let results = db
        .selectFrom("evaluation_results as r")
        .where("r.evaluation_id", "=", evaluationId);
      if (query.outcome === "passed") results = results.where("r.passed", "=", 1);
      if (query.outcome === "failed") results = results.where("r.passed", "=", 0);
      if (query.outcome === "error") results = results.where("r.error", "is not", null);
      let base = results.innerJoin("evaluation_samples as s", (join) =>
        join
          .onRef("s.evaluation_id", "=", "r.evaluation_id")
          .onRef("s.position", "=", "r.position"),
      );
      const { search, subset } = query;
      if (search !== undefined) {
        base = base.where((eb) =>
          eb.or(
            ["s.input_text", "s.truth", "r.response"].map((column) => containsText(column, search)),
          ),
        );
      }
      if (subset !== undefined) {
        base = base.where((eb) =>
          subset === DEFAULT_SUBSET
            ? eb.or([eb("s.subset", "is", null), eb("s.subset", "=", subset)])
            : eb("s.subset", "=", subset),
        );
      }
      // Results and prompts are one to one: unless a filter reads the prompts, the results alone
      // are counted (over their primary key), far cheaper than the join for 100,000 results.
      const { total } = await (search === undefined && subset === undefined ? results : base)
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          "r.position",
          "s.prompt_id",
          "s.subset",
          "s.input_text",
          "s.truth",
          "r.response",
          "r.duration_ms",
          "r.score",
          "r.metrics",
          "r.passed",
          "r.reason",
          "r.error",
          "r.prompt_tokens",
          "r.completion_tokens",
          "r.cached",
          "r.scorer_scores",
        ])
        .orderBy("r.position")
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute();
      return {
        total: Number(total),
        results: rows.map((row) => ({
          subset: row.subset ?? DEFAULT_SUBSET,
          prompt: row.input_text,
          result: row.response,
          truth: row.truth,
          duration: row.duration_ms / 1000,
          score: row.score,
          metrics: {
            accuracy: row.passed,
            ...(JSON.parse(row.metrics) as Record<string, number | null>),
          },
          prompt_id: row.prompt_id,
          position: row.position,
          passed: row.passed === 1,
          reason: row.reason,
          error: row.error,
          tokens: { prompt: row.prompt_tokens, completion: row.completion_tokens },
          cached: row.cached === 1,
          scorer_scores:
            row.scorer_scores === null
              ? {}
              : (JSON.parse(row.scorer_scores) as Record<string, ScorerScore>),
        })),
      };
    },
  };
}
