// Trace judging: one judge model call (and at most one repair turn) over one rendered trace.
// Pure of HTTP, SQL and storage: the job handler loads the trace and the judge snapshot, and
// stores the verdict that comes back.
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
export { countTokens } from "./tokens.ts";
export { TraceJudgingError } from "./trace-judging-error.ts";
export {
  readTraceVerdict,
  TRACE_VERDICT_FORMAT,
  TRACE_VERDICT_RESPONSE_FORMAT,
  type TraceVerdict,
} from "./verdict.ts";
