import type { Logger } from "pino";
import type { Catalog } from "../catalog/catalog.ts";
import { PAST_DEADLINE } from "../engine/runners/evaluation/run-guard.ts";
import type { Clock } from "../platform/clock.ts";
import type { Database } from "../platform/db/database.ts";
import type { ExhaustedHandler, ExhaustedJob } from "../platform/queue/job-queue.ts";
import { createBenchmarkRepository } from "../resources/benchmarks/repository.ts";
import { ALL_PROMPTS, abandonPrompts } from "../resources/evaluations/abandon-prompts.ts";
import {
  ACTIVE_STATUSES,
  createEvaluationRepository,
} from "../resources/evaluations/repository.ts";
import { createOptimizationRepository } from "../resources/judge-optimizations/repository.ts";
import { createTraceEvaluationRepository } from "../resources/trace-evaluations/repository.ts";
import {
  GENERATE_BENCHMARK_JOB,
  RUN_EVALUATION_JOB,
  RUN_JUDGE_OPTIMIZATION_JOB,
  RUN_TRACE_EVALUATION_JOB,
} from "./job-names.ts";

/** A run that may still do work, as the sweep sees it. */
export interface ActiveRun {
  /** What the data of a job working on this run contains. */
  match: Record<string, unknown>;
  /** The run outlived its maximum duration: it ends whatever its jobs are doing. */
  pastDeadline: boolean;
  /** Ends the run, saying why (as a timeout when past its deadline). */
  end(reason: string): Promise<void>;
}

/**
 * For each job name that carries a run's work, how to end that work when nothing will do it any
 * more: `endJob` ends what one job would have done (it ran out of attempts), `activeRuns` lists
 * the runs a sweep checks. Every ending is guarded by the status it leaves, so it is a no-op on
 * a run that finished meanwhile.
 */
export interface RunEnder {
  endJob(data: Record<string, unknown>, reason: string): Promise<void>;
  activeRuns(): Promise<ActiveRun[]>;
}

export interface RunEnderDeps {
  db: Database;
  catalog: Catalog;
  clock: Clock;
  /** Says when a run whose last prompts were given up ends (finalize.ts). */
  logger?: Logger;
}

export { PAST_DEADLINE };

/** Why a job that ran out of attempts did not do its work, as users read it. */
export const exhaustionReason = (job: ExhaustedJob): string =>
  `its job gave up after ${job.attempts} attempts (attempts exhausted): ${job.error}`;

const text = (data: Record<string, unknown>, key: string): string => String(data[key]);

/**
 * The active runs of a kind without a deadline: each unfinished one, matched by its jobs' data,
 * ended by `end`.
 */
const eachUnfinished =
  (
    unfinishedIds: () => Promise<string[]>,
    match: (id: string) => Record<string, unknown>,
    end: (id: string, reason: string) => Promise<void>,
  ) =>
  async (): Promise<ActiveRun[]> =>
    (await unfinishedIds()).map((id) => ({
      match: match(id),
      pastDeadline: false,
      end: (reason: string) => end(id, reason),
    }));

export function createRunEnders(deps: RunEnderDeps): Record<string, RunEnder> {
  const evaluations = createEvaluationRepository(deps.db);
  const traceEvaluations = createTraceEvaluationRepository(deps.db);
  const optimizations = createOptimizationRepository(deps.db);
  const benchmarks = createBenchmarkRepository(deps.db);
  const now = () => deps.clock.now().toISOString();

  const failOptimization = async (id: string, reason: string) => {
    const run = await optimizations.findById(id);
    if (!run) return;
    const logs = [run.logs, `failed: ${reason}`].filter((l) => l !== "").join("\n");
    await optimizations.fail(id, { description: reason, logs, actualCost: run.actual_cost }, now());
  };

  const failTraceEvaluation = async (id: string, reason: string) => {
    await traceEvaluations.fail(id, reason, now());
  };
  const failGeneration = async (id: string, reason: string) => {
    await benchmarks.failGeneration(id, reason, now());
  };

  return {
    [RUN_EVALUATION_JOB]: {
      endJob: (data, reason) =>
        abandonPrompts(
          deps,
          text(data, "evaluation_id"),
          { from: Number(data.from), to: Number(data.to) },
          reason,
        ),
      async activeRuns() {
        const at = deps.clock.now().getTime();
        return (await evaluations.listActive()).map((row) => {
          const pastDeadline = row.deadline_at !== null && at >= Date.parse(row.deadline_at);
          return {
            match: { evaluation_id: row.id },
            pastDeadline,
            end: async (reason: string) => {
              if (pastDeadline)
                await evaluations.transition(row.id, ACTIVE_STATUSES, "timeout", {
                  status_description: PAST_DEADLINE,
                  finished_at: now(),
                });
              else await abandonPrompts(deps, row.id, ALL_PROMPTS, reason);
            },
          };
        });
      },
    },
    [RUN_TRACE_EVALUATION_JOB]: {
      async endJob(data, reason) {
        for (const id of data.trace_evaluation_ids as string[])
          await failTraceEvaluation(id, reason);
      },
      activeRuns: eachUnfinished(
        traceEvaluations.listUnfinishedIds,
        (id) => ({ trace_evaluation_ids: [id] }),
        failTraceEvaluation,
      ),
    },
    [RUN_JUDGE_OPTIMIZATION_JOB]: {
      endJob: (data, reason) => failOptimization(text(data, "optimization_id"), reason),
      activeRuns: eachUnfinished(
        optimizations.listUnfinishedIds,
        (id) => ({ optimization_id: id }),
        failOptimization,
      ),
    },
    [GENERATE_BENCHMARK_JOB]: {
      endJob: (data, reason) => failGeneration(text(data, "benchmark_id"), reason),
      activeRuns: eachUnfinished(
        benchmarks.listGeneratingIds,
        (id) => ({ benchmark_id: id }),
        failGeneration,
      ),
    },
  };
}

/** The queue's exhausted handlers: each job that runs out of attempts ends its work visibly. */
export function createExhaustedHandlers(deps: RunEnderDeps): Record<string, ExhaustedHandler> {
  return Object.fromEntries(
    Object.entries(createRunEnders(deps)).map(([name, ender]) => [
      name,
      (job: ExhaustedJob) => ender.endJob(job.data, exhaustionReason(job)),
    ]),
  );
}
