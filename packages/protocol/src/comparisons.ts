import { z } from "zod";
import { PathIdSchema, pageQuery, QueryTextSchema } from "./common.ts";
import { IntervalSchema } from "./evaluations.ts";

/**
 * Comparisons (protocol §12.4): the results of two evaluations on the same benchmark, paired by
 * prompt. Evaluation 1 is the reference, evaluation 2 the comparison. The counters and the
 * paired statistics (`assay`, an extension) describe whole evaluations; `total_count` counts the
 * rows the filter keeps.
 */

export const COMPARISON_OUTCOMES = [
  "all",
  "both_succeed",
  "both_fail",
  /** Evaluation 1 wrong, evaluation 2 right. */
  "reference_fails",
  /** Evaluation 1 right, evaluation 2 wrong. */
  "comparison_fails",
] as const;
export const ComparisonOutcomeSchema = z.enum(COMPARISON_OUTCOMES);
export type ComparisonOutcome = z.infer<typeof ComparisonOutcomeSchema>;

export const ComparisonQuerySchema = z.object({
  evaluation_id_1: PathIdSchema,
  evaluation_id_2: PathIdSchema,
  ...pageQuery(100, 500),
  outcome_filter: ComparisonOutcomeSchema.default("all"),
  /** Case-insensitive substring of the prompt, the truth or either answer. */
  search: QueryTextSchema.optional(),
});
export type ComparisonQuery = z.output<typeof ComparisonQuerySchema>;

/** One prompt answered by both evaluations. `result_id_*` are integers (the prompt's position). */
export const ComparisonResultSchema = z
  .object({
    result_id_1: z.number().int(),
    result_id_2: z.number().int(),
    prompt: z.string(),
    truth: z.string(),
    result1: z.string(),
    result2: z.string(),
    score1: z.number(),
    score2: z.number(),
    /** Extensions. */
    prompt_id: z.string(),
    subset: z.string(),
    passed1: z.boolean(),
    passed2: z.boolean(),
  })
  .meta({ id: "ComparisonResult" });
export type ComparisonResult = z.infer<typeof ComparisonResultSchema>;

/**
 * How paired statistics are computed (an extension). `mcnemar_tango`: `p_value` is McNemar's
 * score test (two-sided, no continuity correction: the normal tail of (c − b)/√(b + c)) and
 * `difference_interval` is Tango's 95% score interval, the set of differences that same test does
 * not reject; so `significant` (p < 0.05) holds exactly when the interval excludes 0, and a
 * verdict, its colour and its interval never disagree. `paired_t` (either run asked its prompts
 * several times): Student's t interval and test on the per-prompt differences of the runs' means
 * (shares of right answers), significant exactly when the interval excludes 0; the four counts
 * then count prompts by majority vote (right in most of their answers).
 */
export const PAIRED_METHODS = ["mcnemar_tango", "paired_t"] as const;
export const PairedMethodSchema = z.enum(PAIRED_METHODS);
export type PairedMethod = z.infer<typeof PairedMethodSchema>;

/**
 * Paired statistics over every prompt both evaluations answered. `difference` is accuracy 2 minus
 * accuracy 1 on those pairs, with a 95% interval and a p-value computed as `method` says.
 */
export const PairedStatsSchema = z
  .object({
    pairs: z.number().int(),
    both_correct: z.number().int(),
    both_wrong: z.number().int(),
    /** Reference right, comparison wrong. */
    only_1_correct: z.number().int(),
    /** Reference wrong, comparison right. */
    only_2_correct: z.number().int(),
    accuracy_1: z.number(),
    accuracy_2: z.number(),
    difference: z.number(),
    difference_interval: IntervalSchema,
    p_value: z.number(),
    /** p < 0.05, which is exactly when `difference_interval` excludes 0. */
    significant: z.boolean(),
    /** "evaluation 2 is better (+4.1 points, p = 0.003)" or "no significant difference (p = 0.41)". */
    verdict: z.string(),
    /** Extension: the test and interval behind `p_value`, `difference_interval` and `verdict`. */
    method: PairedMethodSchema,
  })
  .meta({ id: "PairedStats" });
export type PairedStats = z.infer<typeof PairedStatsSchema>;

/**
 * The paired statistics of one subset (an extension): the same figures on that subset's pairs, by
 * the comparison's `method` (so `p_value` < 0.05 exactly when the interval excludes 0), and
 * McNemar's p adjusted for testing every subset together (Holm), which the interval is not. Exploratory: subsets are
 * many small tests, so read a difference there as a lead, not a finding.
 */
export const SubsetPairedStatsSchema = z
  .object({
    subset: z.string(),
    pairs: z.number().int(),
    both_correct: z.number().int(),
    both_wrong: z.number().int(),
    only_1_correct: z.number().int(),
    only_2_correct: z.number().int(),
    difference: z.number(),
    difference_interval: IntervalSchema,
    p_value: z.number(),
    /** Holm's adjustment over the subsets listed. */
    p_value_holm: z.number(),
  })
  .meta({ id: "SubsetPairedStats" });
export type SubsetPairedStats = z.infer<typeof SubsetPairedStatsSchema>;

/** The whole comparison's paired statistics, and per subset (by name). */
export const ComparisonStatsSchema = PairedStatsSchema.extend({
  subsets: z.array(SubsetPairedStatsSchema),
}).meta({ id: "ComparisonStats" });
export type ComparisonStats = z.infer<typeof ComparisonStatsSchema>;

export const ComparisonResponseSchema = z.object({
  results: z.array(ComparisonResultSchema),
  total_count: z.number().int(),
  correct_count_1: z.number().int(),
  total_results_1: z.number().int(),
  correct_count_2: z.number().int(),
  total_results_2: z.number().int(),
  assay: ComparisonStatsSchema,
});
export type ComparisonResponse = z.infer<typeof ComparisonResponseSchema>;
