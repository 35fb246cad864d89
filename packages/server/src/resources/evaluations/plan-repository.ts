import type { Database } from "../../platform/db/database.ts";
import type { EvaluationRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** What the planner reads of an earlier run. */
export type EarlierRunRow = Pick<
  EvaluationRow,
  | "id"
  | "done_count"
  | "correct_count"
  | "failed_count"
  | "completion_tokens"
  | "options"
  | "stats"
  | "finished_at"
>;

/** The planner's reads: a benchmark's prompts before a run copies them, and the project's runs. */
export function createPlanRepository(db: Database) {
  return {
    /** How many prompts a run with this limit asks (those before position `limit`). */
    async promptCount(benchmarkId: string, limit: number): Promise<number> {
      const { count } = await db
        .selectFrom("benchmark_prompts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("benchmark_id", "=", benchmarkId)
        .where("position", "<", limit)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The stored inputs (JSON) of the prompts at these positions. */
    async promptInputs(benchmarkId: string, positions: readonly number[]): Promise<string[]> {
      if (positions.length === 0) return [];
      const rows = await db
        .selectFrom("benchmark_prompts")
        .select("input")
        .where("benchmark_id", "=", benchmarkId)
        .where("position", "in", [...positions])
        .execute();
      return rows.map((row) => row.input);
    },

    /** The project's latest successful run of the model on the benchmark. */
    latestSuccess: (
      scope: ProjectScope,
      modelId: string,
      benchmarkId: string,
    ): Promise<EarlierRunRow | undefined> =>
      db
        .selectFrom("evaluations")
        .select([
          "id",
          "done_count",
          "correct_count",
          "failed_count",
          "completion_tokens",
          "options",
          "stats",
          "finished_at",
        ])
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("model_id", "=", modelId)
        .where("benchmark_id", "=", benchmarkId)
        .where("status", "=", "success")
        .orderBy("submitted_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst(),
  };
}

export type PlanRepository = ReturnType<typeof createPlanRepository>;
