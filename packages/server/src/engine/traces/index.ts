// Traces as the engine sees them, without HTTP or SQL: what shape a record has and what its
// input is (recognize), how a judge reads it (render), and how an uploaded file becomes traces
// (trace-file: streaming, validation, grouping OpenTelemetry spans by trace id).
export { detectFormat, type RecognizedTrace, recognizeTrace } from "./recognize.ts";
export { renderTraceForJudge } from "./render.ts";
export { summarizeTrace, type TraceSummary } from "./summary/trace-summary.ts";
export {
  DEFAULT_MAX_PROBLEMS,
  MAX_DEPTH,
  MAX_RECORD_BYTES,
  MAX_TRACES,
} from "./trace-file/limits.ts";
export {
  type OpenTraceFile,
  type ReadTraceFileOptions,
  readTraceFile,
} from "./trace-file/read-trace-file.ts";
export type { ParsedTrace } from "./trace-file/trace-builder.ts";
export {
  type RecordUnit,
  TraceFileError,
  type TraceProblem,
} from "./trace-file/trace-file-error.ts";
export { MAX_INPUT_CHARS } from "./values.ts";
