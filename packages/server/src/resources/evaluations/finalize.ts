import type { BenchmarkFigureValue, ScorerScore } from "@assay/protocol";
import type { Logger } from "pino";
import type { BenchmarkFigure } from "../../catalog/benchmarks/index.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import { SCORING_FAILED } from "../../engine/runners/evaluation/run-samples.ts";
import {
  createMetricTally,
  createScorerTally,
  type ScorerSummary,
  summarizeRepeats,
} from "../../engine/stats/index.ts";
import type { Clock } from "../../platform/clock.ts";
import { type RunScorer, readRunScorers } from "../scorers/run-scorers.ts";
import type { EvaluationRepository } from "./repository.ts";
import { type StoredSummary, summarizeRun } from "./stored-summary.ts";
import { runRepeats } from "./to-evaluation.ts";
import { describeUnanswered } from "./unanswered.ts";

/**
 * Ends a run whose every prompt has a result: its statistics computed once, from the counters and
 * the result rows, and stored for every later read to serve; then one guarded transition, so when
 * several workers finish their last chunks at once exactly one of them finalizes. `failure` when
 * every prompt failed: its model call (or it was never answered), or the scoring of its answer.
 */
export async function finalizeEvaluation(
  deps: { repo: EvaluationRepository; clock: Clock; catalog: Catalog; logger?: Logger },
  id: string,
  metricNames: readonly string[],
): Promise<void> {
  const row = await deps.repo.findById(id);
  if (row?.status !== "in-progress" || row.done_count < row.total_count) return;
  // The reads below join every result of the run with its prompt. Planned on statistics from
  // before the run (a table the planner takes for a thousand rows that now holds 25,000 more),
  // PostgreSQL picked a nested loop that read the prompts once per result: a 25,600-prompt run
  // spent a minute here after its last answer (bench/worker-scaling.ts), or not, depending on
  // whether autovacuum had analyzed the tables meanwhile. So the statistics are brought up to
  // date first; the pages and comparisons read next are planned on them too.
  await deps.repo.refreshStatistics(row.done_count);
  const figures = deps.catalog.findBenchmark(row.benchmark_id)?.figures ?? [];
  const subsets = await deps.repo.subsetCounts(id);
  const topErrors = await deps.repo.topErrors(id, 5);
  const repeats = runRepeats(row.options);
  const answers = summarizeRun(row, {
    subsets: subsets.map((s) => ({
      name: s.name,
      total: Number(s.total),
      correct: Number(s.correct ?? 0),
    })),
    metrics: metricNames.length > 0 ? await averageMetrics(deps.repo, id, metricNames) : {},
    topErrors: topErrors.map((e) => ({ error: e.error ?? "", count: Number(e.count) })),
    scorers: await scorerStats(deps.repo, id, readRunScorers(row.scorers)),
  });
  // With repeats, the accuracy and its interval are over prompts, clustered (repeat-summary.ts).
  const stats: StoredSummary = {
    ...answers,
    ...(repeats > 1 && summarizeRepeats(await deps.repo.promptTallies(id, repeats), repeats)),
    ...(figures.length > 0 && { figures: await benchmarkFigures(deps.repo, id, figures) }),
  };
  const allFailed = row.failed_count === row.total_count;
  const topError = stats.top_errors[0]?.error ?? "unknown error";
  // Counted here, once every result is in: chunks given up side by side each said only theirs.
  const unanswered = row.failed_count > 0 ? await describeUnanswered(deps.repo, id) : "";
  const finished = await deps.repo.transition(
    id,
    ["in-progress"],
    allFailed ? "failure" : "success",
    {
      stats: JSON.stringify(stats),
      finished_at: deps.clock.now().toISOString(),
      status_description:
        unanswered !== ""
          ? unanswered
          : allFailed
            ? topError.startsWith(SCORING_FAILED)
              ? `no answer could be scored: ${topError.slice(SCORING_FAILED.length)}`
              : `every prompt failed at the model endpoint: ${topError}`
            : "",
    },
  );
  if (!finished) return;
  // Whoever runs the service sees each run end, with its counts (once: the transition is guarded).
  const counts = `${row.correct_count}/${row.total_count}`;
  deps.logger?.info(
    {
      evaluation: id,
      correct: row.correct_count,
      total: row.total_count,
      failed: row.failed_count,
    },
    allFailed ? `evaluation ${id} failed: ${counts}` : `evaluation ${id} finished: ${counts}`,
  );
}

/** The mean of each metric over the results that have a value for it (null when none do). */
async function averageMetrics(
  repo: EvaluationRepository,
  id: string,
  names: readonly string[],
): Promise<Record<string, number | null>> {
  const tally = createMetricTally(names);
  for await (const json of repo.resultMetrics(id)) tally.add(JSON.parse(json));
  return tally.means();
}

/**
 * The benchmark's figures, each computed from the sums of its scorer's details over every answer
 * of the run (one pass over the result rows) and the number of answers. An answer whose model call
 * failed has no details: it adds to no sum but counts among the answers, as it counts in accuracy.
 */
async function benchmarkFigures(
  repo: EvaluationRepository,
  id: string,
  figures: readonly BenchmarkFigure[],
): Promise<BenchmarkFigureValue[]> {
  const sums: Record<string, number> = {};
  let answers = 0;
  for await (const json of repo.resultMetrics(id)) {
    answers += 1;
    for (const [name, value] of Object.entries(JSON.parse(json) as Record<string, unknown>)) {
      if (typeof value === "number" && Number.isFinite(value))
        sums[name] = (sums[name] ?? 0) + value;
    }
  }
  return figures.map((figure) => {
    const value = figure.compute(sums, answers);
    return {
      name: figure.name,
      description: figure.description,
      value: value === null || !Number.isFinite(value) ? null : value,
    };
  });
}

/**
 * Each scorer's average with its interval, in the run's scorer order. A result without grades
 * (its model call failed: nothing to grade) counts for no scorer.
 */
async function scorerStats(
  repo: EvaluationRepository,
  id: string,
  scorers: readonly RunScorer[],
): Promise<ScorerSummary[]> {
  if (scorers.length === 0) return [];
  const tallies = scorers.map((scorer) => ({ scorer, tally: createScorerTally() }));
  for await (const json of repo.resultScorerScores(id)) {
    if (json === null) continue;
    const scores = JSON.parse(json) as Record<string, ScorerScore>;
    for (const { scorer, tally } of tallies) {
      const grade = scores[scorer.id];
      if (grade) tally.add(grade);
    }
  }
  return tallies.map(({ scorer, tally }) => ({
    id: scorer.id,
    name: scorer.name,
    model_id: scorer.model_id,
    ...tally.figures(),
  }));
}
