import { isModelCallError } from "../gateway/model-call-error.ts";
import { ModelUnavailableError } from "../gateway/model-unavailable-error.ts";

/**
 * The one failure classifier of the runners: why a run (or one of its items) fails for good, as
 * its status description; undefined when its job should run again instead: stopped (`signal`
 * aborted by a shutdown or a lost lease, or a cancelled call), or an unexpected error, which the
 * job retries and, on its last attempt, the queue's exhausted handler ends (jobs/run-enders.ts).
 *
 * `model` names the model in messages ("the judge model", "a model"); `ownErrors` describes the
 * runner's own final errors (a judge without a verdict, an optimization that cannot start).
 * `retryOutages`: a call that still failed after the gateway's retries (a 5xx, a timeout) is an
 * outage its job retries later rather than a reason to fail — for a run that is one long task
 * (benchmark generation), where failing would throw away what it has not yet lost.
 */
export function failureReason(
  error: unknown,
  signal: AbortSignal | undefined,
  options: {
    model: string;
    ownErrors: (error: unknown) => string | undefined;
    retryOutages?: boolean;
  },
): string | undefined {
  if (error instanceof ModelUnavailableError)
    return `${options.model} is unavailable: ${error.message}`;
  const own = options.ownErrors(error);
  if (own !== undefined) return own;
  if (isModelCallError(error)) {
    if (error.code === "cancelled" || signal?.aborted) return undefined;
    if (error.retryable && options.retryOutages) return undefined;
    const retried = error.retryable ? " after its retries" : "";
    return `${options.model} call failed${retried}: ${error.message}`;
  }
  return undefined;
}
