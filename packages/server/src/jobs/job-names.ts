/** Names of background jobs, shared by the code that enqueues them and the workers. */
export const HOUSEKEEPING_JOB = "housekeeping";

/** Ends runs past their deadline or whose jobs are all gone (payload: none; every minute). */
export const SWEEP_RUNS_JOB = "sweep-runs";

/** Generates a smart benchmark's prompts from its documents (payload: tenant and benchmark ids). */
export const GENERATE_BENCHMARK_JOB = "generate-benchmark";

/** Runs one range of an evaluation's prompts (payload: tenant ids, evaluation id, range). */
export const RUN_EVALUATION_JOB = "run-evaluation";

/** Runs a judge over one trace (payload: tenant ids, trace evaluation id). */
export const RUN_TRACE_EVALUATION_JOB = "run-trace-evaluation";

/** Optimizes a judge's goal against people's labels (payload: tenant ids, optimization id). */
export const RUN_JUDGE_OPTIMIZATION_JOB = "run-judge-optimization";

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
