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

/**
 * Accuracy with its 95% Wilson interval and `correct/total`; while running, the interim values
 * over the prompts done so far, and a progress bar.
 */
export function Headline({ numbers, stderr }: { numbers: HeadlineNumbers; stderr: number }) {
  const { total, done, correct, failed, cached, accuracy, ci } = numbers;
  const finished = isFinished(numbers);
  const interim = !finished;
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
            <span className="num ci" title="95% Wilson interval" data-testid="ci">
              95% CI [{percent(ci.low)}, {percent(ci.high)}]
            </span>
            {interim ? <span className="interim">interim, over the prompts done</span> : null}
          </div>
          <p className="num" data-testid="counts">
            <strong>
              {correct}/{done}
            </strong>{" "}
            correct
            {done < total ? <span className="muted"> of {total} prompts</span> : null}
            {finished ? (
              <span className="muted"> · standard error {percent(stderr, 2)}</span>
            ) : null}
            {failed > 0 ? (
              <span className="warn" title="model calls that failed; counted as not correct">
                {" "}
                · {failed} failed
              </span>
            ) : null}
            {cached > 0 ? <span className="muted"> · {cached} from the cache</span> : null}
          </p>
        </>
      )}
      {!finished || done < total ? (
        <div className="progress">
          <progress max={total} value={done} aria-label="prompts done" />
          <span className="num muted" data-testid="progress-text">
            {done}/{total} done
          </span>
        </div>
      ) : null}
    </div>
  );
}
