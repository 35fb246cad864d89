// Trace judging: one judge model call (and at most one repair turn) over one rendered trace
// (judgeTrace), and the runner of a job's trace evaluations over a store port
// (runTraceEvaluations). Pure of HTTP, SQL and storage: the job hands in the store and the judge.
export {
  DEFAULT_CONTEXT_TOKENS,
  type JudgeModelLimits,
  MAX_TRACE_TOKENS,
} from "./context-budget.ts";
export { ESTIMATE_NONCE, EXPECTED_VERDICT_TOKENS, estimateTraceJudging } from "./estimate.ts";
export { type FittedPrompt, fitTracePrompt } from "./fit-trace.ts";
export {
  createJudgeCaller,
  createStructuredOutputMemory,
  type JudgeUsage,
  type StructuredOutputMemory,
} from "./judge-caller.ts";
export { buildTraceJudgeMessages, escapeReservedMarkers, TRACE_TAG } from "./judge-messages.ts";
export { judgeTrace, type TraceJudgingInput, type TraceJudgment } from "./judge-trace.ts";
export {
  JUDGED_AT_ONCE,
  runTraceEvaluations,
  type TraceEvaluationRunDeps,
} from "./run-trace-evaluations.ts";
export { countMessageTokens, countTokens } from "./tokens.ts";
export type {
  OpenedJudge,
  OpenJudge,
  StoredTrace,
  TraceEvaluationOutcome,
  TraceEvaluationStore,
  TraceEvaluationWork,
} from "./trace-evaluation-store.ts";
export { TraceJudgingError } from "./trace-judging-error.ts";
export {
  readTraceVerdict,
  TRACE_VERDICT_FORMAT,
  TRACE_VERDICT_RESPONSE_FORMAT,
  type TraceVerdict,
} from "./verdict.ts";
