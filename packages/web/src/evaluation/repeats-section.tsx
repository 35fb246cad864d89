import type { Evaluation, RepeatStats } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { percent } from "../shared/format.ts";
import { repeatsOf } from "../shared/repeats.ts";
import { isFinished } from "../shared/use-evaluation.ts";
import { PassAtKChart, PassAtKTable } from "./pass-at-k-chart.tsx";
import { PassCountChart } from "./pass-count-chart.tsx";

/** Prompts right in `c` of their answers for the `c` that `keep` keeps. */
const promptsWhere = (histogram: readonly number[], keep: (c: number) => boolean) =>
  histogram.reduce((sum, prompts, c) => (keep(c) ? sum + prompts : sum), 0);

/**
 * What asking each prompt several times showed (the API's `assay.repeats`): how often a prompt's
 * answers disagree (flip rate), what a majority vote of them would score, their spread, pass@k
 * and pass^k, and how the prompts split by the number of answers they got right.
 */
export function RepeatsSection({ evaluation }: { evaluation: Evaluation }) {
  const repeats = repeatsOf(evaluation);
  const stats = evaluation.assay.repeats;
  if (!isFinished(evaluation)) {
    return (
      <p className="muted">
        Each prompt is asked {repeats} times; what the answers say together is shown when the
        evaluation has finished.
      </p>
    );
  }
  if (!stats || stats.prompts === 0) {
    return (
      <p className="muted">
        Each prompt was to be asked {repeats} times, but no prompt has all {repeats} answers: no
        repeat figures.
      </p>
    );
  }
  return <RepeatFigures evaluation={evaluation} stats={stats} />;
}

function RepeatFigures({ evaluation, stats }: { evaluation: Evaluation; stats: RepeatStats }) {
  const { repeats, prompts, pass_count_histogram: histogram } = stats;
  const flaky = promptsWhere(histogram, (c) => c > 0 && c < repeats);
  const majority = promptsWhere(histogram, (c) => 2 * c > repeats);
  const answers = prompts * repeats;
  return (
    <>
      <p>
        Each prompt was asked <strong data-testid="repeats">{repeats}</strong> times:{" "}
        <span className="num">{prompts}</span> prompts with every answer,{" "}
        <span className="num">{answers}</span> answers.
        {evaluation.assay.options.seed !== null ? (
          <span className="muted">
            {" "}
            Seeds {evaluation.assay.options.seed} to {evaluation.assay.options.seed + repeats - 1},
            one per repeat.
          </span>
        ) : null}
      </p>
      <dl className="facts repeat-facts" data-testid="repeat-facts">
        <dt>Flip rate</dt>
        <dd>
          <strong className="num" data-testid="flip-rate">
            {stats.flip_rate === null ? "—" : percent(stats.flip_rate)}
          </strong>{" "}
          <span className="muted">
            {flaky} of {prompts} prompts got both right and wrong answers{" "}
          </span>
          {flaky > 0 ? (
            <Link
              to="/evaluations/$id/results"
              params={{ id: evaluation.id }}
              search={{ outcome: "flaky" }}
            >
              see them →
            </Link>
          ) : null}
        </dd>
        <dt>Majority vote</dt>
        <dd>
          <strong className="num" data-testid="majority-vote">
            {stats.majority_vote === null ? "—" : percent(stats.majority_vote)}
          </strong>{" "}
          <span className="muted">
            {majority} of {prompts} prompts right in most of their answers
            {repeats % 2 === 0 ? ` (${repeats / 2} of ${repeats} is a tie, not a majority)` : ""}
          </span>
        </dd>
        <dt>Within-prompt variance</dt>
        <dd>
          <strong className="num" data-testid="within-variance">
            {stats.within_prompt_variance === null ? "—" : stats.within_prompt_variance.toFixed(3)}
          </strong>{" "}
          <span className="muted">
            the variance of a prompt's scores across its repeats, averaged over prompts (0: each
            prompt answered alike every time)
          </span>
        </dd>
      </dl>
      <div className="repeat-charts">
        <div className="repeat-chart">
          <h3>pass@k and pass^k</h3>
          <PassAtKChart points={stats.pass_at_k} />
          <p className="muted small">
            pass@k: at least one of k answers right (Chen et al. 2021's unbiased estimator); pass^k:
            all k right (τ-bench). Both start at the accuracy; the gap that opens is the
            inconsistency.
          </p>
          <PassAtKTable points={stats.pass_at_k} />
        </div>
        <div className="repeat-chart">
          <h3>Per-prompt pass rates</h3>
          <PassCountChart histogram={histogram} />
          <p className="muted small">
            Prompts by how many of their {repeats} answers were right: never (red), every time
            (green), or sometimes (amber: the flaky prompts, {flaky} of {prompts}).
          </p>
        </div>
      </div>
    </>
  );
}
