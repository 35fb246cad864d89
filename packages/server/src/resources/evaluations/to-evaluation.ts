import type {
  Evaluation,
  EvaluationStatus,
  EvaluationSummary,
  RunRequest,
  RunSampling,
} from "@assay/protocol";
import type { EvaluationRow } from "../../platform/db/schema.ts";
import { readSummary, type StoredSummary } from "./stored-summary.ts";

/**
 * A run's options as stored (`evaluations.options`, JSON). The sampling options and the request
 * are absent in runs created before they existed.
 */
export interface EvaluationOptions extends Partial<RunSampling> {
  concurrency: number;
  limit: number | null;
  cache: boolean;
  /** Times each prompt is asked; absent (1) in runs older than repeats. */
  repeats?: number;
  /** The run's budget in USD; absent or null: none. */
  max_cost_usd?: number | null;
  /** What every call of the run sends beside model and messages, fixed when it was created. */
  request?: RunRequest;
}

/** Times a run asks each prompt, from its stored options. */
export const runRepeats = (options: string): number =>
  (JSON.parse(options) as EvaluationOptions).repeats ?? 1;

/** The options as served: every field present, null where not asked or not recorded. */
function toRunOptions(options: EvaluationOptions): Evaluation["assay"]["options"] {
  return {
    concurrency: options.concurrency,
    limit: options.limit,
    cache: options.cache,
    repeats: options.repeats ?? 1,
    max_cost_usd: options.max_cost_usd ?? null,
    temperature: options.temperature ?? null,
    top_p: options.top_p ?? null,
    seed: options.seed ?? null,
    max_tokens: options.max_tokens ?? null,
    reasoning_effort: options.reasoning_effort ?? null,
    request: options.request ?? null,
  };
}

/** Names shown next to the ids. */
export interface EvaluationLabels {
  modelName: string;
  modelKey: string;
  modelCompany: string;
  benchmarkName: string;
  benchmarkDescription: string;
}

export const unixSeconds = (iso: string | null) =>
  iso === null ? 0 : Math.floor(Date.parse(iso) / 1000);

/**
 * The wire Evaluation. `accuracy` is correct over prompts done: while running, the accuracy so
 * far; once `success`, every prompt is done, so it is correct over all prompts (failed model
 * calls count as not correct). The statistics extension says how far to trust it. A finished
 * run's figures are the ones stored when it ended (readSummary): nothing is recomputed here.
 */
export function toEvaluation(row: EvaluationRow, labels: EvaluationLabels): Evaluation {
  const summary = readSummary(row);
  const options = JSON.parse(row.options) as EvaluationOptions;
  const { accuracy, metrics, subsets } = summary;
  const metric = (name: string) => metrics[name] ?? 0;
  return {
    id: row.id,
    status: row.status as EvaluationStatus,
    status_description: row.status_description,
    submitted_at: unixSeconds(row.submitted_at),
    finished_at: unixSeconds(row.finished_at),
    model_id: row.model_id,
    model_name: labels.modelName,
    model_key: labels.modelKey,
    model_company: labels.modelCompany,
    dataset_id: row.benchmark_id,
    dataset_name: labels.benchmarkName,
    average_duration: summary.average_duration_ms,
    accuracy,
    readability_score: metric("readability"),
    toxicity_score: metric("toxicity"),
    ethics_score: metric("ethics"),
    hallucination_score: metric("hallucination"),
    failed_prompt_count: row.failed_count,
    queue_id: 0,
    summary: toSummary(row, labels, summary),
    organization_id: row.organization_id,
    project_id: row.project_id,
    is_public: row.is_public === 1,
    assay: {
      progress: {
        total: row.total_count,
        done: row.done_count,
        correct: row.correct_count,
        failed: row.failed_count,
        cached: row.cached_count,
      },
      accuracy_stderr: summary.stderr,
      accuracy_ci95: summary.ci95,
      accuracy_interval: summary.interval ?? "wilson",
      repeats: summary.repeats ?? null,
      subsets,
      // Reasoning tokens are counted apart from the stored summary (older summaries lack them).
      tokens: { ...summary.tokens, reasoning: row.reasoning_tokens },
      cost_usd: summary.cost,
      metrics,
      options: toRunOptions(options),
      started_at: unixSeconds(row.started_at),
      benchmark_version: row.benchmark_version,
      scorers: summary.scorers,
      figures: summary.figures ?? [],
    },
  };
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The protocol's prose summary: the figures of `stats` in words, none computed here. */
function toSummary(
  row: EvaluationRow,
  labels: EvaluationLabels,
  stats: StoredSummary,
): EvaluationSummary {
  const { accuracy, ci95: ci, subsets } = stats;
  const ranked = [...subsets].filter((s) => s.total >= 5).sort((a, b) => b.accuracy - a.accuracy);
  const repeats = stats.repeats;
  const takeaways = [
    repeats
      ? `${percent(accuracy)} accuracy on ${repeats.prompts} prompts asked ${repeats.repeats} times each (95% CI ${percent(ci.low)}–${percent(ci.high)}, clustered by prompt); ${percent(repeats.flip_rate ?? 0)} of prompts changed outcome across repeats.`
      : `${percent(accuracy)} accuracy on ${row.done_count} of ${row.total_count} prompts (95% CI ${percent(ci.low)}–${percent(ci.high)}).`,
  ];
  if (row.failed_count > 0)
    takeaways.push(`${row.failed_count} prompts failed at the model endpoint and count as wrong.`);
  return {
    name: `${labels.modelName} on ${labels.benchmarkName}`,
    goal: labels.benchmarkDescription,
    metrics: [
      { name: "accuracy", description: "correct prompts over all prompts of the benchmark" },
      ...Object.keys(stats.metrics).map((name) => ({
        name,
        description: `average ${name} of the responses (0–1)`,
      })),
      ...stats.scorers.map((s) => ({
        name: s.name,
        description:
          s.mean === null || s.ci95 === null
            ? `custom scorer: no response graded (${s.failed} failed)`
            : `custom scorer: average ${percent(s.mean)} (95% CI ${percent(s.ci95.low)}–${percent(s.ci95.high)}) over ${s.n} responses, ${s.failed} failed`,
      })),
    ],
    dataset: {
      total_size: row.total_count,
      training_size: 0,
      test_size: row.total_count,
      characteristics: subsets.map((s) => s.name),
    },
    model: { model_name: labels.modelName, performance: { accuracy, ci95: ci } },
    performance_details: {
      strengths: ranked.slice(0, 3).map((s) => `${s.name}: ${percent(s.accuracy)}`),
      challenges: ranked
        .slice(-3)
        .reverse()
        .map((s) => `${s.name}: ${percent(s.accuracy)}`),
    },
    error_analysis: {
      common_failure_modes: stats.top_errors.map((e) => `${e.error} (${e.count}×)`),
      example: stats.top_errors[0]?.error ?? "",
    },
    analysis_summary: { key_takeaways: takeaways },
  };
}
