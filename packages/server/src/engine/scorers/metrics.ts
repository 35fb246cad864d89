import type { ADDITIONAL_METRICS } from "@assay/protocol";
import { type JudgeMetricName, judgeMetrics } from "./judge-metrics.ts";
import { readability } from "./readability.ts";
import { findScorer } from "./registry.ts";
import type { ScoreContext, ScoreInput } from "./scorer.ts";

export type MetricName = (typeof ADDITIONAL_METRICS)[number];

/**
 * A metric computed per result: from the response's text, or rated by the run's judge. Judged
 * metrics are rated together, one judge call per response, on the scales of judge-metrics.ts.
 */
type MetricEntry =
  | { judged: false; measure(input: ScoreInput): number | null }
  | { judged: true; name: JudgeMetricName };

const METRICS: Readonly<Record<MetricName, MetricEntry>> = {
  readability: { judged: false, measure: (input) => readability(input.response) },
  toxicity: { judged: true, name: "toxicity" },
  hallucination: { judged: true, name: "hallucination" },
};

const entryOf = (name: string): MetricEntry | undefined =>
  Object.hasOwn(METRICS, name) ? METRICS[name as MetricName] : undefined;

/** Whether a run scored by `scorer` with `metrics` needs a judge model in its scorers' context. */
export function needsJudge(scorer: string, metrics: readonly string[]): boolean {
  return findScorer(scorer).judged || metrics.some((name) => entryOf(name)?.judged === true);
}

/**
 * The values of `names` for one response (names not registered are skipped). Errors of the
 * judge's call propagate, as judgeMetrics says; an unreadable rating is null.
 */
export async function measureMetrics(
  names: readonly string[],
  input: ScoreInput,
  context: ScoreContext,
): Promise<Record<string, number | null>> {
  const values: Record<string, number | null> = {};
  const judged: JudgeMetricName[] = [];
  for (const name of names) {
    const entry = entryOf(name);
    if (entry === undefined) continue;
    if (entry.judged) judged.push(entry.name);
    else values[name] = entry.measure(input);
  }
  if (judged.length > 0 && context.judge)
    Object.assign(values, await judgeMetrics(input, judged, context.judge));
  return values;
}
