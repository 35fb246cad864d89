import { isModelCallError } from "../engine/gateway/model-call-error.ts";
import type { Job } from "../platform/queue/job-queue.ts";
import { ModelUnavailableError } from "../resources/models/resolve-endpoint.ts";

/**
 * Why a job's run fails for good, as its status description; undefined when the job should run
 * again instead: stopped by the queue (shutdown, lost lease), or an unexpected error, which is
 * retried and, on the last attempt, ended by the job's exhausted handler (run-enders.ts).
 *
 * `model` names the model in messages ("the judge model", "a model"); `ownErrors` describes the
 * job's own final errors (a judge without a verdict, an optimization that cannot start).
 */
export function failureReason(
  error: unknown,
  job: Job,
  options: { model: string; ownErrors: (error: unknown) => string | undefined },
): string | undefined {
  if (error instanceof ModelUnavailableError)
    return `${options.model} is unavailable: ${error.message}`;
  const own = options.ownErrors(error);
  if (own !== undefined) return own;
  if (isModelCallError(error)) {
    if (error.code === "cancelled" || job.signal.aborted) return undefined;
    const retried = error.retryable ? " after its retries" : "";
    return `${options.model} call failed${retried}: ${error.message}`;
  }
  return undefined;
}
