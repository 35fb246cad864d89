import type { Database } from "../../platform/db/database.ts";
import type { BenchmarkRow } from "../../platform/db/schema.ts";

/** How a custom or smart benchmark scores, as a run reads it (any project: the run is queued). */
export type BenchmarkScoringRow = Pick<
  BenchmarkRow,
  | "scoring_metric"
  | "regex_pattern"
  | "system_prompt"
  | "llm_judge_model_id"
  | "custom_instructions"
  | "metrics"
>;

export function createScoringPlanRepository(db: Database) {
  return {
    /** The benchmark's scoring columns; throws when the benchmark row is gone. */
    getScoring: (benchmarkId: string): Promise<BenchmarkScoringRow> =>
      db
        .selectFrom("benchmarks")
        .select([
          "scoring_metric",
          "regex_pattern",
          "system_prompt",
          "llm_judge_model_id",
          "custom_instructions",
          "metrics",
        ])
        .where("id", "=", benchmarkId)
        .executeTakeFirstOrThrow(),
  };
}
