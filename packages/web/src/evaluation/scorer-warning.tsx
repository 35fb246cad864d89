import type { Benchmark, Evaluation } from "@assay/protocol";
import { comparesWholeAnswer } from "../benchmarks/scorer-choices.ts";
import { percent } from "../shared/format.ts";
import { isFinished } from "../shared/use-evaluation.ts";
import "./scorer-warning.css";

/** At or below this accuracy a whole-answer scorer is the likelier explanation than the model. */
const NEAR_ZERO = 0.05;

/** The benchmark's scorer, whether it is a custom upload or a built-in one. */
function scorerOf(benchmark: Benchmark): string {
  return "scoring_metric" in benchmark ? benchmark.scoring_metric : benchmark.scoring.scorer;
}

/**
 * A finished run near 0% whose scorer compares the whole answer (exact match, the default of an
 * upload) most often measures the scorer: a model that reasons before its answer never matches.
 * Said above the figures, with what to try, so 0/400 is not read as the model's accuracy.
 */
export function ScorerWarning({
  evaluation,
  benchmark,
}: {
  evaluation: Evaluation;
  benchmark: Benchmark | undefined;
}) {
  if (!benchmark || !isFinished(evaluation) || evaluation.status === "failure") return null;
  const { done } = evaluation.assay.progress;
  const scorer = scorerOf(benchmark);
  if (done === 0 || evaluation.accuracy > NEAR_ZERO || !comparesWholeAnswer(scorer)) return null;
  return (
    <p className="scorer-warning" role="status" data-testid="scorer-warning">
      Accuracy {percent(evaluation.accuracy)} with <code>{scorer}</code>, which compares the whole
      answer with the truth: an answer with any reasoning or wording around it fails. Read a few
      results first; if the answers end with a number (as GSM8K&apos;s do, after “####”), a
      benchmark scored by <code>numeric</code> reads it, and <code>contains</code> or{" "}
      <code>regex</code> find the answer inside a longer text.
    </p>
  );
}
