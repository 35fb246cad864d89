import { GENERATE_BENCHMARK_JOB } from "../resources/benchmarks/generate-benchmark-job.ts";
import { RUN_EVALUATION_JOB } from "../resources/evaluations/run-evaluation-job.ts";
import { RUN_JUDGE_OPTIMIZATION_JOB } from "../resources/judge-optimizations/run-judge-optimization-job.ts";
import { RUN_TRACE_EVALUATION_JOB } from "../resources/trace-evaluations/run-trace-evaluation-job.ts";

export {
  GENERATE_BENCHMARK_JOB,
  RUN_EVALUATION_JOB,
  RUN_JUDGE_OPTIMIZATION_JOB,
  RUN_TRACE_EVALUATION_JOB,
};

// The names of background jobs. A job a service enqueues is declared beside that service, with
// its payload's schema (e.g. resources/evaluations/run-evaluation-job.ts); the periodic ones here.

/** Forgets upload URLs that expired unused and removes partial upload files (payload: none). */
export const HOUSEKEEPING_JOB = "housekeeping";

/** Ends runs past their deadline or whose jobs are all gone (payload: none; every minute). */
export const SWEEP_RUNS_JOB = "sweep-runs";

/** Every job name: pg-boss needs its queues to exist before anything is sent or worked. */
export const JOB_NAMES = [
  HOUSEKEEPING_JOB,
  SWEEP_RUNS_JOB,
  GENERATE_BENCHMARK_JOB,
  RUN_EVALUATION_JOB,
  RUN_TRACE_EVALUATION_JOB,
  RUN_JUDGE_OPTIMIZATION_JOB,
] as const;
export type JobName = (typeof JOB_NAMES)[number];
