import type { Sandbox } from "../../sandbox/sandbox.ts";
import type { CompleteFn } from "../../scorers/judge-prompt.ts";
import { measureMetrics } from "../../scorers/metrics.ts";
import { findScorer } from "../../scorers/registry.ts";
import type { ScoreContext, ScoreInput } from "../../scorers/scorer.ts";
import { type GradingScorer, gradeWithScorers } from "./grade-with-scorers.ts";
import type { RunSample, RunSamplesOptions } from "./run-samples.ts";

/**
 * How each answered prompt of a run is scored: the benchmark's scorer from the registry, its
 * metrics, and its custom scorers' grades. Model-graded scorers and metrics find `judge` in their
 * context, and scorers that run code find `sandbox` there; the custom scorers each call their own
 * model. Nothing here knows how a model is called.
 */
export function createSampleScorer(options: {
  scorer: string;
  regexPattern: string | null;
  instructions: string | null;
  metrics: readonly string[];
  judge: CompleteFn | undefined;
  /** The worker's code sandbox, for a scorer that runs the answer's code. */
  sandbox?: Sandbox;
  gradingScorers: readonly GradingScorer[];
  /** The run's stop: a grade cut short by it propagates instead of failing the scorer. */
  signal: AbortSignal;
}): Pick<RunSamplesOptions, "score" | "metrics" | "grade"> {
  const scorer = findScorer(options.scorer);
  const context: ScoreContext = {
    ...(options.judge ? { judge: options.judge } : {}),
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
  };
  const input = (sample: RunSample, response: string): ScoreInput => ({
    response,
    truth: sample.truth,
    prompt: sample.prompt,
    regexPattern: options.regexPattern,
    instructions: options.instructions,
  });
  const { metrics, gradingScorers } = options;
  return {
    score: (sample, response) => scorer.score(input(sample, response), context),
    metrics:
      metrics.length === 0
        ? undefined
        : (sample, response) => measureMetrics(metrics, input(sample, response), context),
    grade:
      gradingScorers.length === 0
        ? undefined
        : (sample, response) =>
            gradeWithScorers(
              { prompt: sample.prompt, truth: sample.truth, response },
              gradingScorers,
              options.signal,
            ),
  };
}
