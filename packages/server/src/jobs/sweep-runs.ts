import type { Logger } from "pino";
import type { JobHandler, JobQueue } from "../platform/queue/job-queue.ts";
import { createRunEnders, PAST_DEADLINE, type RunEnderDeps } from "./run-enders.ts";

/** Why the sweep ended a run none of whose jobs is left (lost, or their ending itself failed). */
export const JOBS_GONE = "no job was left to finish it (its jobs were lost or ran out of attempts)";

/**
 * The periodic "no run left hanging" pass: ends every run that outlived its deadline, and every
 * run none of whose jobs may still run (waiting, running, retrying or being given up), whatever
 * the driver. It backs up the queues' exhausted handlers (a crash between a job's last failure and
 * its ending) and catches jobs that vanished. Runs are listed before their jobs are looked up, and
 * jobs are created in the transaction that creates their run, so a run just created is never
 * taken for one whose jobs are gone.
 */
export function createSweepRunsJob(
  deps: RunEnderDeps & { queue: JobQueue; logger: Logger },
): JobHandler {
  const enders = createRunEnders(deps);
  return async () => {
    let failed: unknown;
    for (const [name, ender] of Object.entries(enders)) {
      for (const run of await ender.activeRuns()) {
        try {
          if (run.pastDeadline) await run.end(PAST_DEADLINE);
          else if (!(await deps.queue.hasLiveJob(name, run.match))) {
            deps.logger.warn({ job: name, run: run.match }, "ending a run whose jobs are gone");
            await run.end(JOBS_GONE);
          }
        } catch (err) {
          // One run that cannot be ended now does not keep the others hanging; the next pass
          // tries it again.
          failed ??= err;
          deps.logger.warn({ err, job: name, run: run.match }, "the sweep could not end a run");
        }
      }
    }
    if (failed !== undefined) throw failed;
  };
}
