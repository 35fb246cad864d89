import type { ScorerRow } from "../../platform/db/schema.ts";

/** A scorer as an evaluation keeps it: what grading needs, fixed when the run is created. */
export interface RunScorer {
  id: string;
  name: string;
  model_id: string;
  prompt: string;
}

/** The `evaluations.scorers` column for a run graded by `rows` (null when there are none). */
export function runScorersColumn(rows: readonly ScorerRow[]): string | null {
  if (rows.length === 0) return null;
  return JSON.stringify(
    rows.map(({ id, name, model_id, prompt }): RunScorer => ({ id, name, model_id, prompt })),
  );
}

export function readRunScorers(column: string | null): RunScorer[] {
  return column === null ? [] : (JSON.parse(column) as RunScorer[]);
}
