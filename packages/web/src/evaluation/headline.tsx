import type { Evaluation, EvaluationProgressEvent } from "@assay/protocol";
import { percent } from "../shared/format.ts";
import { isFinished } from "../shared/use-evaluation.ts";

/** What the headline shows: the evaluation itself, or the newer counters of the live stream. */
export interface HeadlineNumbers {
  status: Evaluation["status"];
  total: number;
  done: number;
  correct: number;
  failed: number;
  cached: number;
  accuracy: number;
  ci: { low: number; high: number };
}

export function headlineNumbers(
  evaluation: Evaluation,
  live: EvaluationProgressEvent | undefined,
): HeadlineNumbers {
  const { progress, accuracy_ci95 } = evaluation.assay;
  // The stream is newer while the run lasts; once the evaluation has finished, it is the truth.
  if (live && !isFinished(evaluation) && live.done >= progress.done) {
    return { ...live, ci: live.accuracy_ci95 };
  }
  return {
    ...progress,
    status: evaluation.status,
    accuracy: evaluation.accuracy,
    ci: accuracy_ci95,
  };
}

/** How the finished accuracy was computed (runs with repeats): its interval is clustered. */
export interface HeadlineRepeats {
  /** Times each prompt is asked (1: the counters count prompts, the interval is Wilson's). */
  repeats: number;
  /** The finished accuracy's interval is clustered by prompt. */
  clustered: boolean;
}

/**
 * Accuracy with its 95% interval and `correct/total`; while running, the interim values over
 * the prompts (or, with repeats, the answers) done so far, and a progress bar. With repeats the
 * finished interval is clustered by prompt, and a line under the figures says what that means.
 */
export function Headline({
  numbers,
  stderr,
  repeats = { repeats: 1, clustered: false },
}: {
  numbers: HeadlineNumbers;
  stderr: number;
  repeats?: HeadlineRepeats;
}) {
  const { total, done, correct, failed, cached, accuracy, ci } = numbers;
  const finished = isFinished(numbers);
  const interim = !finished;
  const clustered = finished && repeats.clustered;
  // With repeats every counter counts answers; a prompt is `repeats` of them.
  const unit = repeats.repeats > 1 ? "answers" : "prompts";
  return (
    <div className="headline" data-testid="headline">
      {done === 0 ? (
        <p className="muted">No prompt scored yet.</p>
      ) : (
        <>
          <div className="headline-accuracy">
            <span className="big num" data-testid="accuracy">
              {percent(accuracy)}
            </span>
            <span
              className="num ci"
              title={clustered ? "95% interval clustered by prompt" : "95% Wilson interval"}
              data-testid="ci"
            >
              95% CI [{percent(ci.low)}, {percent(ci.high)}]
            </span>
            {interim ? <span className="interim">interim, over the {unit} done</span> : null}
          </div>
          <p className="num" data-testid="counts">
            <strong>
              {correct}/{done}
            </strong>{" "}
            {repeats.repeats > 1 ? "answers " : ""}correct
            {done < total ? (
              <span className="muted">
                {" "}
                of {total} {unit}
              </span>
            ) : null}
            {repeats.repeats > 1 ? (
              <span className="muted" data-testid="repeats-count">
                {" "}
                · {Math.round(total / repeats.repeats)} prompts × {repeats.repeats} repeats
              </span>
            ) : null}
            {finished ? (
              <span className="muted">
                {" "}
                · standard error {percent(stderr, 2)}
                {clustered ? " (clustered by prompt)" : ""}
              </span>
            ) : null}
            {failed > 0 ? (
              <span className="warn" title="model calls that failed; counted as not correct">
                {" "}
                · {failed} failed
              </span>
            ) : null}
            {cached > 0 ? <span className="muted"> · {cached} from the cache</span> : null}
          </p>
          {clustered ? (
            <p className="muted small" data-testid="interval-note">
              The interval is clustered by prompt: the {repeats.repeats} answers of one prompt are
              not independent, so the standard error is taken over the per-prompt means, and the 95%
              interval is Wilson's at the sample size that error implies.
            </p>
          ) : null}
        </>
      )}
      {/* Only while it runs: a stopped run's part-filled bar would read as a job still going. */}
      {!finished ? (
        <div className="progress">
          <progress max={total} value={done} aria-label={`${unit} done`} />
          <span className="num muted" data-testid="progress-text">
            {done}/{total} done
          </span>
        </div>
      ) : null}
    </div>
  );
}
