import type { Database } from "../../platform/db/database.ts";

/**
 * A run's results (`r`) joined with the prompts they answer (`s`, the sample at the same
 * position): the join behind result pages, comparisons, subset counts and per-prompt tallies.
 */
export const resultsWithPrompts = (db: Database, evaluationId: string) =>
  db
    .selectFrom("evaluation_results as r")
    .innerJoin("evaluation_samples as s", (join) =>
      join.onRef("s.evaluation_id", "=", "r.evaluation_id").onRef("s.position", "=", "r.position"),
    )
    .where("r.evaluation_id", "=", evaluationId);
