import { z } from "zod";
import {
  lenientSortSchema,
  PathIdSchema,
  pageQuery,
  QueryBooleanSchema,
  QueryListSchema,
  QueryTextSchema,
  SortOrderSchema,
} from "./common.ts";
import { statusData } from "./envelopes.ts";
import { RunRequestSchema, RunSamplingSchema, SamplingFields } from "./sampling.ts";

/**
 * Evaluations (protocol §6) and their per-prompt results (§7). Timestamps are integer unix
 * seconds here, unlike the ISO strings elsewhere, and `finished_at` is 0 until the run ends.
 * Assay's statistics travel as extra fields (`summary`, `assay`) the original SDK ignores.
 */

export const EVALUATION_STATUSES = [
  "pending",
  "in-progress",
  "paused",
  "success",
  "failure",
  "timeout",
  "cancelled",
] as const;
export const EvaluationStatusSchema = z.enum(EVALUATION_STATUSES);
export type EvaluationStatus = z.infer<typeof EvaluationStatusSchema>;

/** Statuses after which nothing changes; our clients stop waiting on any of them. */
export const FINISHED_EVALUATION_STATUSES: readonly EvaluationStatus[] = [
  "success",
  "failure",
  "timeout",
  "cancelled",
];

export const IntervalSchema = z.object({ low: z.number(), high: z.number() });

/** The most times a run may ask each prompt (extension `repeats`). */
export const MAX_REPEATS = 32;

/**
 * How an accuracy's interval was computed: Wilson's on a pass rate (one answer per prompt), or,
 * for runs with repeats, clustered by prompt: Wilson's at the effective sample size N / deff, the
 * design effect deff being the clustered variance over that of N independent answers, bounded to
 * [1, repeats] (the repeats of one prompt are not independent; Miller 2024, "Adding Error Bars to
 * Evals"). See docs/repeats.md.
 */
export const ACCURACY_INTERVALS = ["wilson", "clustered"] as const;

/**
 * What repeats say beyond the mean (extension; null for runs that ask each prompt once). Every
 * figure is over the prompts whose every repeat was answered.
 */
export const RepeatStatsSchema = z
  .object({
    /** Times each prompt was asked. */
    repeats: z.number().int(),
    /** Prompts with every repeat answered: the clusters of the standard error. */
    prompts: z.number().int(),
    /** Mean over prompts of the variance of a prompt's scores across its repeats (n − 1). */
    within_prompt_variance: z.number().nullable(),
    /** Share of prompts whose outcome differs across repeats. */
    flip_rate: z.number().nullable(),
    /** Share of prompts the majority of repeats got right (a tie is not a majority). */
    majority_vote: z.number().nullable(),
    /**
     * For k = 1 … repeats: pass@k, the chance that at least one of k answers drawn without
     * replacement is right (Chen et al. 2021's unbiased estimator, averaged over prompts), and
     * pass^k, the chance that all k are right (τ-bench's consistency metric).
     */
    pass_at_k: z.array(
      z.object({ k: z.number().int(), pass_at_k: z.number(), pass_hat_k: z.number() }),
    ),
    /** How many prompts were right in 0, 1, … `repeats` of their repeats (index = repeats right). */
    pass_count_histogram: z.array(z.number().int()),
  })
  .meta({ id: "RepeatStats" });
export type RepeatStats = z.infer<typeof RepeatStatsSchema>;

/** The subset of the prompts that name none: a run whose only subset is this one has none. */
export const DEFAULT_SUBSET = "default";

export const SubsetStatsSchema = z.object({
  name: z.string(),
  /** Answers (prompts × repeats). */
  total: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number(),
  ci95: IntervalSchema,
  /** Extensions for runs with repeats: the subset's prompts and flip rate (null without). */
  prompts: z.number().int().optional(),
  flip_rate: z.number().nullable().optional(),
});

/**
 * One scorer's grade of one result (extension `scorer_scores` of a Result, keyed by scorer id).
 * `score` and `passed` are null when the scorer's judge failed (its model call failed, or it
 * replied twice without a readable verdict); `reason` then says why. Such a failure counts for
 * the scorer (`failed`), never against the prompt.
 */
export const ScorerScoreSchema = z
  .object({
    score: z.number().nullable(),
    passed: z.boolean().nullable(),
    reason: z.string(),
  })
  .meta({ id: "ScorerScore" });
export type ScorerScore = z.infer<typeof ScorerScoreSchema>;

/** How a scorer's interval was computed: Wilson on a pass/fail rate, Student's t on a mean. */
export const SCORER_INTERVALS = ["wilson", "t"] as const;

/**
 * A scorer's figures over a finished evaluation (extension `assay.scorers`). `mean` is the
 * average score over the `n` results it graded (null when none); `ci95` is Wilson's interval
 * when every score was 0 or 1 (a pass/fail scorer: the mean is a pass rate), else Student's t
 * interval on the mean, clipped to 0–1 and never narrower than a share z²/(n + z²) of unseen
 * grades anywhere on the scale could move the mean (so equal grades do not read as certainty). Results whose model call failed have no response to
 * grade and are in neither `n` nor `failed`.
 */
export const ScorerStatsSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    model_id: z.string(),
    mean: z.number().nullable(),
    ci95: IntervalSchema.nullable(),
    interval: z.enum(SCORER_INTERVALS),
    /** Results graded as passed over `n`. */
    pass_rate: z.number().nullable(),
    n: z.number().int(),
    /** Results the scorer's judge failed on. */
    failed: z.number().int(),
  })
  .meta({ id: "ScorerStats" });
export type ScorerStats = z.infer<typeof ScorerStatsSchema>;

/** One figure a benchmark reports besides accuracy, as a finished run computed it. */
export const BenchmarkFigureValueSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    /** Null when undefined on the run's answers (a ratio over none). */
    value: z.number().nullable(),
  })
  .meta({ id: "BenchmarkFigureValue" });
export type BenchmarkFigureValue = z.infer<typeof BenchmarkFigureValueSchema>;

/** Extension: progress while running, honest statistics once finished. */
export const EvaluationStatsSchema = z
  .object({
    progress: z.object({
      total: z.number().int(),
      done: z.number().int(),
      correct: z.number().int(),
      failed: z.number().int(),
      cached: z.number().int(),
    }),
    /**
     * Standard error of `accuracy` and its 95% interval, computed as `accuracy_interval` says:
     * Wilson's with one answer per prompt, clustered by prompt with repeats.
     */
    accuracy_stderr: z.number(),
    accuracy_ci95: IntervalSchema,
    accuracy_interval: z.enum(ACCURACY_INTERVALS).optional(),
    /** Runs with repeats, once finished: per-prompt reducers and consistency. */
    repeats: RepeatStatsSchema.nullable().optional(),
    subsets: z.array(SubsetStatsSchema),
    tokens: z.object({
      prompt: z.number().int(),
      /** Reasoning included: providers bill reasoning tokens as output tokens. */
      completion: z.number().int(),
      total: z.number().int(),
      /** The part of `completion` spent on reasoning, as the provider reported it. */
      reasoning: z.number().int(),
    }),
    /** US dollars, from the model's prices (the catalog's, or a custom model's own); null without. */
    cost_usd: z.number().nullable(),
    /** Averages of the benchmark's additional metrics over the results that have them. */
    metrics: z.record(z.string(), z.number().nullable()),
    options: z.object({
      concurrency: z.number().int(),
      limit: z.number().int().nullable(),
      cache: z.boolean(),
      /** Times each prompt is asked (1 for runs older than repeats). */
      repeats: z.number().int(),
      /** The run's budget: it stops as a failure once its cost reaches this (null: none). */
      max_cost_usd: z.number().nullable(),
      ...RunSamplingSchema.shape,
      /** The exact request parameters sent; null for runs older than this record. */
      request: RunRequestSchema.nullable(),
    }),
    started_at: z.number().int(),
    /**
     * The benchmark's version when the run was created (a catalog benchmark's data sha256): a
     * reloaded catalog changes it. Null for custom benchmarks (an upload never changes) and for
     * runs older than this field.
     */
    benchmark_version: z.string().nullable(),
    /**
     * Each custom scorer of the benchmark (§13.1) once the run is finished, in the benchmark's
     * order: its average with a 95% interval. Empty while running and for runs without scorers.
     */
    scorers: z.array(ScorerStatsSchema).optional(),
    /**
     * The figures the benchmark's authors report besides accuracy (IFEval's loose and
     * instruction-level accuracies, SimpleQA's F-score), once the run is finished; empty for
     * benchmarks without any, and while running.
     */
    figures: z.array(BenchmarkFigureValueSchema).optional(),
  })
  .meta({ id: "EvaluationStats" });
export type EvaluationStats = z.infer<typeof EvaluationStatsSchema>;

const NamedItemSchema = z.object({ name: z.string(), description: z.string() });

export const EvaluationSummarySchema = z
  .object({
    name: z.string(),
    goal: z.string(),
    metrics: z.array(NamedItemSchema),
    task_types: z.array(NamedItemSchema),
    dataset: z.object({
      total_size: z.number().int(),
      training_size: z.number().int(),
      test_size: z.number().int(),
      characteristics: z.array(z.string()),
    }),
    model: z.object({ model_name: z.string(), performance: z.unknown() }),
    performance_details: z.object({
      strengths: z.array(z.string()),
      challenges: z.array(z.string()),
    }),
    error_analysis: z.object({
      common_failure_modes: z.array(z.string()),
      example: z.string(),
    }),
    analysis_summary: z.object({ key_takeaways: z.array(z.string()) }),
  })
  .partial()
  .meta({ id: "EvaluationSummary" });
export type EvaluationSummary = z.infer<typeof EvaluationSummarySchema>;

export const EvaluationSchema = z
  .object({
    id: z.string(),
    status: EvaluationStatusSchema,
    status_description: z.string(),
    submitted_at: z.number().int(),
    finished_at: z.number().int(),
    model_id: z.string(),
    model_name: z.string(),
    model_key: z.string(),
    model_company: z.string(),
    dataset_id: z.string(),
    dataset_name: z.string(),
    /** Milliseconds per prompt, integral. */
    average_duration: z.number().int(),
    /** 0–1: correct prompts over all prompts (a prompt whose model call failed is not correct). */
    accuracy: z.number(),
    readability_score: z.number(),
    toxicity_score: z.number(),
    ethics_score: z.number(),
    /** Extension, like the other additional metric averages. */
    hallucination_score: z.number(),
    failed_prompt_count: z.number().int(),
    queue_id: z.number().int(),
    summary: EvaluationSummarySchema,
    /** Extensions. */
    organization_id: z.string(),
    project_id: z.string(),
    /** Readable (with its results) by any valid key, and listed publicly; set by its owner. */
    is_public: z.boolean(),
    assay: EvaluationStatsSchema,
  })
  .meta({ id: "Evaluation" });
export type Evaluation = z.infer<typeof EvaluationSchema>;

/**
 * One element of the `POST P/evaluations` array. The original SDK sends the four protocol
 * fields; `limit`, `concurrency`, `cache` and the sampling options are Assay extensions.
 */
export const CreateEvaluationItemSchema = z.strictObject({
  model_id: PathIdSchema,
  dataset_id: PathIdSchema,
  is_custom_model: z.boolean().optional(),
  is_custom_dataset: z.boolean().optional(),
  /** Run only the first N prompts of the benchmark. */
  limit: z.number().int().min(1).max(1_000_000).optional(),
  /** Most model calls in flight at once (across all workers); the server default otherwise. */
  concurrency: z.number().int().min(1).max(1024).optional(),
  /** false: call the model even when an identical deterministic request is cached. */
  cache: z.boolean().optional(),
  /**
   * Ask each prompt this many times (epochs). Repeats never come from the response cache; with a
   * seed, repeat i sends seed + i.
   */
  repeats: z.number().int().min(1).max(MAX_REPEATS).optional(),
  /** Stop the run, as a failure that keeps its results, once its cost reaches this (USD). */
  max_cost_usd: z.number().positive().max(1_000_000).optional(),
  ...SamplingFields,
});
export type CreateEvaluationItem = z.infer<typeof CreateEvaluationItemSchema>;

export const CreateEvaluationBodySchema = z.array(CreateEvaluationItemSchema).min(1).max(20);
export type CreateEvaluationBody = z.infer<typeof CreateEvaluationBodySchema>;

/** `data` envelope with an array payload; the original SDK returns `data[0]`. */
export const CreateEvaluationResponseSchema = statusData(z.array(EvaluationSchema));

export const EvaluationPathSchema = z.object({ evaluation_id: PathIdSchema });

/** Path of a project's evaluation (the event stream is project-scoped, unlike `GET /evaluations/{id}`). */
export const ProjectEvaluationPathSchema = z.object({
  organization_id: PathIdSchema,
  project_id: PathIdSchema,
  evaluation_id: PathIdSchema,
});

/** Names of the events of `GET P/evaluations/{id}/events`. */
export const EVALUATION_EVENT_NAMES = ["progress", "done"] as const;
export type EvaluationEventName = (typeof EVALUATION_EVENT_NAMES)[number];

/**
 * Extension: the `data` of one server-sent event of `GET P/evaluations/{id}/events`. `progress`
 * events come when the counters moved (the first at once); one `done` event with the final state
 * ends the stream. `accuracy` is correct over done, with its interim 95% Wilson interval.
 */
export const EvaluationProgressEventSchema = z
  .object({
    evaluation_id: z.string(),
    status: EvaluationStatusSchema,
    status_description: z.string(),
    total: z.number().int(),
    done: z.number().int(),
    correct: z.number().int(),
    failed: z.number().int(),
    cached: z.number().int(),
    accuracy: z.number(),
    accuracy_ci95: IntervalSchema,
    /** Unix seconds; 0 until the run ends. */
    finished_at: z.number().int(),
  })
  .meta({ id: "EvaluationProgressEvent" });
export type EvaluationProgressEvent = z.infer<typeof EvaluationProgressEventSchema>;

/** Extension `PATCH /evaluations/{id}`: what the owner may change. */
export const UpdateEvaluationBodySchema = z.strictObject({ is_public: z.boolean() });
export type UpdateEvaluationBody = z.infer<typeof UpdateEvaluationBodySchema>;

export const EVALUATION_SORT_KEYS = ["submitted_at", "accuracy", "average_duration"] as const;

/**
 * `GET /evaluations`. With `organization_id` and `project_id` it lists that project; without, the
 * public listing (§12.3): the caller's own evaluations and those any organization made public.
 */
export const ListEvaluationsQuerySchema = z.object({
  organization_id: PathIdSchema.optional(),
  project_id: PathIdSchema.optional(),
  ...pageQuery(100, 500),
  sort_by: lenientSortSchema(EVALUATION_SORT_KEYS),
  order: SortOrderSchema,
  models: QueryListSchema.optional(),
  datasets: QueryListSchema.optional(),
  status: EvaluationStatusSchema.optional(),
  unique: QueryBooleanSchema.default(false),
  /**
   * Extension: a case-insensitive substring of the model's name or key, the benchmark's name or
   * key, or the evaluation's id (the dashboard's search box).
   */
  search: QueryTextSchema,
});
export type ListEvaluationsQuery = z.output<typeof ListEvaluationsQuerySchema>;

export const ListEvaluationsResponseSchema = z.object({
  evaluations: z.array(EvaluationSchema),
  total_count: z.number().int(),
});
export type ListEvaluationsResponse = z.infer<typeof ListEvaluationsResponseSchema>;

/** One answer of a prompt asked several times (`Result.repeats`). */
export const RepeatAnswerSchema = z
  .object({
    repeat: z.number().int(),
    result: z.string(),
    score: z.number(),
    passed: z.boolean(),
    reason: z.string(),
    error: z.string().nullable(),
    duration: z.number(),
    reasoning: z.string().nullable(),
  })
  .meta({ id: "RepeatAnswer" });
export type RepeatAnswer = z.infer<typeof RepeatAnswerSchema>;

/** Why a result's code run ended (`ResultExecution.exit`). */
export const EXECUTION_EXITS = [
  "passed",
  "failed",
  "timeout",
  "memory",
  "output_limit",
  "crashed",
] as const;

/**
 * What running a result's code did (extension `execution` of a Result), for scorers that run the
 * answer's code (`python_tests`): why it ended (`passed`: exit 0; `failed`: another status, e.g.
 * a failed assertion; `timeout`, `memory`, `output_limit`: a limit of the sandbox stopped it;
 * `crashed`: a signal ended it), what it printed, and its wall time. Each stream is at most
 * 4096 characters: past that its end is kept, after a leading "…" (a traceback's last line names
 * the failed assertion).
 */
export const ResultExecutionSchema = z
  .object({
    exit: z.enum(EXECUTION_EXITS),
    stdout: z.string(),
    stderr: z.string(),
    duration_ms: z.number().int(),
  })
  .meta({ id: "ResultExecution" });
export type ResultExecution = z.infer<typeof ResultExecutionSchema>;

/** One prompt's outcome (§2.5); `duration` is seconds. Fields after `metrics` are extensions. */
export const ResultSchema = z
  .object({
    subset: z.string(),
    prompt: z.string(),
    result: z.string(),
    truth: z.string(),
    duration: z.number(),
    score: z.number(),
    metrics: z.record(z.string(), z.number().nullable()),
    prompt_id: z.string(),
    position: z.number().int(),
    passed: z.boolean(),
    /** What the scorer extracted and compared, or why the prompt failed. */
    reason: z.string(),
    /**
     * Set when the prompt failed: its model call after retries, or the scoring of its answer
     * ("scoring failed: …", e.g. the judge unreachable); the prompt counts as not correct.
     */
    error: z.string().nullable(),
    /** `completion` includes `reasoning`, the tokens the model spent reasoning. */
    tokens: z.object({
      prompt: z.number().int(),
      completion: z.number().int(),
      reasoning: z.number().int(),
    }),
    cached: z.boolean(),
    /** The model's reasoning, when its provider returns it; never part of the scored `result`. */
    reasoning: z.string().nullable(),
    /** Each custom scorer's grade of this result, by scorer id (`{}` without scorers). */
    scorer_scores: z.record(z.string(), ScorerScoreSchema).optional(),
    /** What running the answer's code did; null for scorers that run no code. */
    execution: ResultExecutionSchema.nullable().optional(),
    /**
     * Which ask of the prompt this is (0 for runs without repeats). A prompt's row in the default
     * listing of a run with repeats is its first answer, with `score` the mean over its repeats.
     */
    repeat: z.number().int().optional(),
    /**
     * Runs with repeats, one row per prompt: every answer of the prompt, in repeat order (the
     * first is the row's own). Absent for runs without repeats and in `repeats=each` listings.
     */
    repeats: z.array(RepeatAnswerSchema).optional(),
  })
  .meta({ id: "Result" });
export type Result = z.infer<typeof ResultSchema>;

/**
 * Outcome filters. A prompt asked several times has `passed` when every repeat passed, `failed`
 * when any did not, `error` when any failed to be answered or scored, and `flaky` (extension)
 * when its repeats disagree.
 */
export const RESULT_OUTCOMES = ["passed", "failed", "error", "flaky"] as const;

/** `GET /results?repeats=`: one row per prompt (`prompt`, the default) or per answer (`each`). */
export const RESULT_REPEAT_VIEWS = ["prompt", "each"] as const;

/**
 * `GET /results`: pages of 100 (at most 500) in benchmark order. `outcome`, `search` and `subset`
 * are extensions (the dashboard's results table filters on the server, page by page).
 */
export const ListResultsQuerySchema = z.object({
  evaluation_id: PathIdSchema,
  ...pageQuery(100, 500),
  /** `failed` = not passed (including errors); `error` = the model call or the scoring failed. */
  outcome: z.enum(RESULT_OUTCOMES).optional(),
  /** Case-insensitive substring of the prompt, the response or the truth. */
  search: QueryTextSchema,
  /** Only this subset's prompts (`default` for prompts without one). */
  subset: QueryTextSchema,
  /** Runs with repeats: one row per prompt (default) or one per answer. */
  repeats: z.enum(RESULT_REPEAT_VIEWS).default("prompt"),
});
export type ListResultsQuery = z.output<typeof ListResultsQuerySchema>;

export const ListResultsResponseSchema = z.object({
  evaluation_id: z.string(),
  results: z.array(ResultSchema),
  metrics: z.object({ total_count: z.number().int() }),
});
export type ListResultsResponse = z.infer<typeof ListResultsResponseSchema>;
