import type { Database } from "../../platform/db/database.ts";

/** The rows an event's body is rendered from, each by its id alone (the event names its tenant). */
export function createRunFactsRepository(db: Database) {
  return {
    evaluation: (id: string) =>
      db.selectFrom("evaluations").selectAll().where("id", "=", id).executeTakeFirst(),
    traceEvaluation: (id: string) =>
      db
        .selectFrom("trace_evaluations")
        .select(["id", "trace_id", "judge_id", "status", "status_description", "score", "passed"])
        .where("id", "=", id)
        .executeTakeFirst(),
    optimization: (id: string) =>
      db
        .selectFrom("judge_optimization_runs")
        .select([
          "id",
          "judge_id",
          "status",
          "status_description",
          "annotation_count",
          "baseline_accuracy",
          "optimized_accuracy",
        ])
        .where("id", "=", id)
        .executeTakeFirst(),
    benchmark: (id: string) =>
      db
        .selectFrom("benchmarks")
        .select(["id", "name", "generation_status", "status_description", "prompt_count"])
        .where("id", "=", id)
        .executeTakeFirst(),
  };
}

export type RunFactsRepository = ReturnType<typeof createRunFactsRepository>;
