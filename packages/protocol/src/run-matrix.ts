import { z } from "zod";
import { PathIdSchema, pageQuery, QueryListSchema } from "./common.ts";
import { PairedStatsSchema } from "./comparisons.ts";
import { IntervalSchema } from "./evaluations.ts";

/**
 * The run matrix (an extension): 2 to 10 evaluations of one benchmark side by side, prompt by
 * prompt, the way a team reads many runs at once. Rows are the prompts every run answered, in the
 * first run's benchmark order; each run's accuracy is on those same prompts, so the columns
 * compare. Every pair of runs gets the two-run comparison's paired test, and because looking at
 * k(k − 1)/2 pairs is that many tests, each p-value is also Holm-adjusted over the pairs.
 */

export const MIN_MATRIX_RUNS = 2;
export const MAX_MATRIX_RUNS = 10;

export const RUN_MATRIX_FILTERS = [
  "all",
  /** Some runs right, some wrong (an error counts as wrong). */
  "disagree",
  /** Every run wrong. */
  "all_fail",
  /** `run` wrong, every other run right. */
  "alone_fails",
  /** `run` right, every other run wrong. */
  "alone_passes",
] as const;
export const RunMatrixFilterSchema = z.enum(RUN_MATRIX_FILTERS);
export type RunMatrixFilter = z.infer<typeof RunMatrixFilterSchema>;

export const RunMatrixQuerySchema = z.object({
  /** Comma-separated, 2 to 10 distinct ids; the order is the columns'. */
  evaluation_ids: QueryListSchema.pipe(
    z
      .array(PathIdSchema)
      .min(MIN_MATRIX_RUNS, `list ${MIN_MATRIX_RUNS} to ${MAX_MATRIX_RUNS} evaluations`)
      .max(MAX_MATRIX_RUNS, `list ${MIN_MATRIX_RUNS} to ${MAX_MATRIX_RUNS} evaluations`)
      .refine((ids) => new Set(ids).size === ids.length, "lists an evaluation twice"),
  ),
  ...pageQuery(50, 200),
  filter: RunMatrixFilterSchema.default("all"),
  /** The run `alone_fails` and `alone_passes` single out: one of `evaluation_ids`. */
  run: PathIdSchema.optional(),
});
export type RunMatrixQuery = z.output<typeof RunMatrixQuerySchema>;

export const MATRIX_OUTCOMES = ["pass", "fail", "error"] as const;
export const MatrixOutcomeSchema = z.enum(MATRIX_OUTCOMES);
export type MatrixOutcome = z.infer<typeof MatrixOutcomeSchema>;

/** One run's outcome on one prompt; its answer is asked for when wanted (`/results/answer`). */
export const RunMatrixCellSchema = z
  .object({
    outcome: MatrixOutcomeSchema,
    score: z.number(),
  })
  .meta({ id: "RunMatrixCell" });
export type RunMatrixCell = z.infer<typeof RunMatrixCellSchema>;

/** One prompt: its text and truth, and one cell per run, in the order of `evaluation_ids`. */
export const RunMatrixRowSchema = z
  .object({
    prompt_id: z.string(),
    subset: z.string(),
    prompt: z.string(),
    truth: z.string(),
    cells: z.array(RunMatrixCellSchema),
  })
  .meta({ id: "RunMatrixRow" });
export type RunMatrixRow = z.infer<typeof RunMatrixRowSchema>;

/** One run (column): what it is, and how it did on the prompts every run answered. */
export const RunMatrixRunSchema = z
  .object({
    evaluation_id: z.string(),
    model_id: z.string(),
    model_name: z.string(),
    status: z.string(),
    submitted_at: z.string(),
    /** Prompts right, wrong and errored among the matrix's prompts. */
    passed: z.number().int(),
    failed: z.number().int(),
    errored: z.number().int(),
    /** passed / prompts, with its 95% Wilson interval. */
    accuracy: z.number(),
    accuracy_interval: IntervalSchema,
  })
  .meta({ id: "RunMatrixRun" });
export type RunMatrixRun = z.infer<typeof RunMatrixRunSchema>;

/**
 * One pair of runs (1 before 2 in `evaluation_ids`): the two-run comparison's paired statistics
 * on the matrix's prompts, and McNemar's p adjusted by Holm over every pair listed.
 */
export const RunMatrixPairSchema = PairedStatsSchema.extend({
  evaluation_id_1: z.string(),
  evaluation_id_2: z.string(),
  p_value_holm: z.number(),
  /** p_value_holm < 0.05: the difference holds after counting every pair's test. */
  significant_holm: z.boolean(),
}).meta({ id: "RunMatrixPair" });
export type RunMatrixPair = z.infer<typeof RunMatrixPairSchema>;

export const RunMatrixResponseSchema = z.object({
  benchmark_id: z.string(),
  /** Prompts every run answered: the matrix's rows before the filter. */
  prompts: z.number().int(),
  runs: z.array(RunMatrixRunSchema),
  pairs: z.array(RunMatrixPairSchema),
  /** How `p_value_holm` accounts for testing every pair. */
  multiplicity: z.literal("holm"),
  /** The page's rows, and how many rows the filter keeps on all pages. */
  results: z.array(RunMatrixRowSchema),
  total_count: z.number().int(),
});
export type RunMatrixResponse = z.infer<typeof RunMatrixResponseSchema>;

/** `GET /results/answer`: one evaluation's answer to one prompt, by the prompt's id. */
export const PromptAnswerQuerySchema = z.object({
  evaluation_id: PathIdSchema,
  prompt_id: z.string().min(1).max(512),
});
export type PromptAnswerQuery = z.output<typeof PromptAnswerQuerySchema>;

/** The answer (a run with repeats: its first); `error` says why there is none. */
export const PromptAnswerResponseSchema = z.object({
  evaluation_id: z.string(),
  prompt_id: z.string(),
  outcome: MatrixOutcomeSchema,
  score: z.number(),
  response: z.string(),
  /** The scorer's reason for the score. */
  reason: z.string(),
  error: z.string().nullable(),
});
export type PromptAnswerResponse = z.infer<typeof PromptAnswerResponseSchema>;
