import type { MatrixOutcome } from "@assay/protocol";
import { sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";

/** A result's outcome as one small number: 1 right, 0 wrong, 2 errored (no answer to score). */
const OUTCOME_CODE = sql<number>`case when r.error is not null then 2 when r.passed = 1 then 1 else 0 end`;
const OUTCOMES: readonly MatrixOutcome[] = ["fail", "pass", "error"];

/** A prompt every run answered: where it stands in the first run, and each run's outcome. */
export interface PromptOutcomes {
  promptId: string;
  /** The first run's position of the prompt: the matrix's row order. */
  order: number;
  /** One per run, in the order the runs were asked for. */
  outcomes: MatrixOutcome[];
}

/** One run's outcome on one prompt of a page. */
export interface MatrixCell {
  evaluationId: string;
  promptId: string;
  outcome: MatrixOutcome;
  score: number;
}

/**
 * Several runs of one benchmark, paired by prompt id (as the two-run comparison pairs them). A run
 * with repeats pairs on its prompts' first answers. Two reads serve a page, whatever the number of
 * runs: every prompt's outcomes (a few integers a prompt: 1,319 × 10 is small), and the texts of
 * the page's prompts only. The answers, the long part, are read one at a time, when opened.
 */
export function createRunMatrixRepository(db: Database) {
  return {
    /**
     * The prompts every run answered, with each run's outcome, in the first run's order: one
     * grouped pass over the runs' results (an index range per run), a column per run.
     */
    async outcomes(ids: readonly string[]): Promise<PromptOutcomes[]> {
      const [first] = ids;
      if (first === undefined) return [];
      const columns = ids.map((id, i) =>
        sql<number | null>`max(case when r.evaluation_id = ${id} then ${OUTCOME_CODE} end)`.as(
          `o${i}`,
        ),
      );
      const rows = await db
        .selectFrom("evaluation_results as r")
        .innerJoin("evaluation_samples as s", (join) =>
          join
            .onRef("s.evaluation_id", "=", "r.evaluation_id")
            .onRef("s.position", "=", "r.position"),
        )
        .where("r.evaluation_id", "in", ids)
        .where("s.repeat", "=", 0)
        .select([
          "s.prompt_id",
          sql<number>`min(case when r.evaluation_id = ${first} then r.position end)`.as("ord"),
          ...columns,
        ])
        .groupBy("s.prompt_id")
        .execute();
      const shared: PromptOutcomes[] = [];
      for (const row of rows) {
        const record = row as unknown as Record<string, number | null>;
        const codes = ids.map((_, i) => record[`o${i}`]);
        // A run without an answer to the prompt has no code there: the prompt is not shared.
        // (Kept out here rather than by `having count(distinct …)`, whose sort per prompt made
        // the query three times slower on PostgreSQL.)
        if (codes.some((code) => code === null || code === undefined)) continue;
        shared.push({
          promptId: row.prompt_id,
          order: Number(row.ord),
          outcomes: codes.map((code) => OUTCOMES[Number(code)] ?? "fail"),
        });
      }
      return shared.sort((a, b) => a.order - b.order);
    },

    /** The first run's text of the page's prompts: the prompt, its truth and its subset. */
    prompts: (firstId: string, promptIds: readonly string[]) =>
      promptIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("evaluation_samples as s")
            .select(["s.prompt_id", "s.input_text", "s.truth", "s.subset"])
            .where("s.evaluation_id", "=", firstId)
            .where("s.repeat", "=", 0)
            .where("s.prompt_id", "in", promptIds)
            .execute(),

    /** Every run's outcome and score on the page's prompts, in one read. */
    async cells(ids: readonly string[], promptIds: readonly string[]): Promise<MatrixCell[]> {
      if (promptIds.length === 0) return [];
      const rows = await db
        .selectFrom("evaluation_samples as s")
        .innerJoin("evaluation_results as r", (join) =>
          join
            .onRef("r.evaluation_id", "=", "s.evaluation_id")
            .onRef("r.position", "=", "s.position"),
        )
        .where("s.evaluation_id", "in", ids)
        .where("s.prompt_id", "in", promptIds)
        .where("s.repeat", "=", 0)
        .select(["s.evaluation_id", "s.prompt_id", "r.score", OUTCOME_CODE.as("code")])
        .execute();
      return rows.map((row) => ({
        evaluationId: row.evaluation_id,
        promptId: row.prompt_id,
        outcome: OUTCOMES[Number(row.code)] ?? "fail",
        score: Number(row.score),
      }));
    },

    /** One run's answer to one prompt (its first, with repeats); undefined when it has none. */
    async answer(evaluationId: string, promptId: string) {
      const row = await db
        .selectFrom("evaluation_samples as s")
        .innerJoin("evaluation_results as r", (join) =>
          join
            .onRef("r.evaluation_id", "=", "s.evaluation_id")
            .onRef("r.position", "=", "s.position"),
        )
        .where("s.evaluation_id", "=", evaluationId)
        .where("s.prompt_id", "=", promptId)
        .where("s.repeat", "=", 0)
        .select(["r.response", "r.score", "r.reason", "r.error", OUTCOME_CODE.as("code")])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        outcome: OUTCOMES[Number(row.code)] ?? "fail",
        score: Number(row.score),
        response: row.response,
        reason: row.reason,
        error: row.error,
      };
    },
  };
}

export type RunMatrixRepository = ReturnType<typeof createRunMatrixRepository>;
