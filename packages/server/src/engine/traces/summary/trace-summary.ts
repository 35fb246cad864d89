import type { TraceFormat } from "@assay/protocol";
import {
  attributesOf,
  isObject,
  type JsonObject,
  spanTime,
  text,
} from "@assay/protocol/trace-shapes";

/**
 * What an observability list shows of a trace, read once when it is imported and kept in its
 * own columns so the list sorts and filters on them in SQL. Each field is absent (null) when the
 * trace does not say: a guess would sort among real figures.
 */
export interface TraceSummary {
  duration_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  model: string | null;
  service_name: string | null;
  session_id: string | null;
  user_id: string | null;
}

const EMPTY: TraceSummary = {
  duration_ms: null,
  input_tokens: null,
  output_tokens: null,
  model: null,
  service_name: null,
  session_id: null,
  user_id: null,
};

/** Longest id or name kept in a summary column: enough for any real one, bounded for an index. */
const MAX_LABEL = 200;

export function summarizeTrace(format: TraceFormat, record: JsonObject): TraceSummary {
  return format === "otel_genai" ? summarizeSpans(record) : summarizeRecord(record);
}

// OpenTelemetry GenAI semantic conventions, with the names older instrumentations still write
// (`prompt_tokens`) and the ones Langfuse and OpenInference use for sessions and users.
const MODEL_KEYS = ["gen_ai.response.model", "gen_ai.request.model", "llm.model_name"];
const INPUT_TOKEN_KEYS = [
  "gen_ai.usage.input_tokens",
  "gen_ai.usage.prompt_tokens",
  "llm.token_count.prompt",
];
const OUTPUT_TOKEN_KEYS = [
  "gen_ai.usage.output_tokens",
  "gen_ai.usage.completion_tokens",
  "llm.token_count.completion",
];
const SESSION_KEYS = ["session.id", "gen_ai.conversation.id", "langfuse.session.id"];
const USER_KEYS = ["user.id", "enduser.id", "langfuse.user.id"];

/**
 * A span trace (`{trace_id, spans}`): wall time from the first start to the last end, tokens
 * summed over the spans that report usage (each model call reports its own), and the first
 * model, service, session and user any span names (its own attributes, then its resource's).
 */
function summarizeSpans(record: JsonObject): TraceSummary {
  const spans = Array.isArray(record.spans) ? record.spans.filter(isObject) : [];
  const summary = { ...EMPTY };
  let first: bigint | undefined;
  let last: bigint | undefined;
  for (const span of spans) {
    const start = spanTime(span, "startTimeUnixNano");
    const end = spanTime(span, "endTimeUnixNano");
    if (start !== undefined && (first === undefined || start < first)) first = start;
    if (end !== undefined && (last === undefined || end > last)) last = end;
    const attributes = attributesOf(span.attributes);
    const resource = isObject(span.resource) ? attributesOf(span.resource.attributes) : {};
    summary.input_tokens = add(summary.input_tokens, firstCount(attributes, INPUT_TOKEN_KEYS));
    summary.output_tokens = add(summary.output_tokens, firstCount(attributes, OUTPUT_TOKEN_KEYS));
    summary.model ??= firstLabel(attributes, MODEL_KEYS);
    summary.service_name ??=
      firstLabel(attributes, ["service.name"]) ?? firstLabel(resource, ["service.name"]);
    summary.session_id ??=
      firstLabel(attributes, SESSION_KEYS) ?? firstLabel(resource, SESSION_KEYS);
    summary.user_id ??= firstLabel(attributes, USER_KEYS) ?? firstLabel(resource, USER_KEYS);
  }
  if (first !== undefined && last !== undefined && last >= first)
    summary.duration_ms = Number((last - first) / 1000n) / 1000;
  return summary;
}

/**
 * A chat log, `{input, output}` or agent run: the record's own fields, then those of its
 * `metadata` (where tracing SDKs put them) and of a logged `response` and `request` (an OpenAI
 * chat log: the answering model's dated name, then the one asked for), with `usage` as OpenAI
 * (`prompt_tokens`) or Anthropic and the Responses API (`input_tokens`) write it.
 */
function summarizeRecord(record: JsonObject): TraceSummary {
  const parts = [record, ...["metadata", "response", "request"].map((key) => record[key])].filter(
    isObject,
  );
  const both = (keys: readonly string[]) => firstOf(parts, (part) => firstLabel(part, keys));
  const usage = parts.map((part) => part.usage).find(isObject) ?? {};
  return {
    duration_ms: firstOf(parts, durationOf),
    input_tokens: firstCount(usage, ["input_tokens", "prompt_tokens"]),
    output_tokens: firstCount(usage, ["output_tokens", "completion_tokens"]),
    model: both(["model", "model_name", ...MODEL_KEYS]),
    service_name: both(["service_name", "service", "service.name"]),
    session_id: both(["session_id", "sessionId", "conversation_id", ...SESSION_KEYS]),
    user_id: both(["user_id", "userId", "user", ...USER_KEYS]),
  };
}

/** The first part that answers. */
function firstOf<T>(parts: readonly JsonObject[], read: (part: JsonObject) => T | null): T | null {
  for (const part of parts) {
    const value = read(part);
    if (value !== null) return value;
  }
  return null;
}

/** `latency_ms`/`duration_ms` as given, else the time between `start_time` and `end_time`. */
function durationOf(object: JsonObject): number | null {
  const given = firstCount(object, ["latency_ms", "duration_ms"]);
  if (given !== null) return given;
  const start = Date.parse(text(object.start_time) ?? text(object.startTime) ?? "");
  const end = Date.parse(text(object.end_time) ?? text(object.endTime) ?? "");
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? end - start : null;
}

/** The first of `keys` holding a finite, non-negative number (or its decimal text). */
function firstCount(object: JsonObject, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = object[key];
    const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof number === "number" && Number.isFinite(number) && number >= 0) return number;
  }
  return null;
}

/** The first of `keys` holding text (or a number, as ids often are), cut to MAX_LABEL. */
function firstLabel(object: JsonObject, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = object[key];
    const label = typeof value === "number" && Number.isFinite(value) ? String(value) : text(value);
    if (label !== undefined) return label.trim().slice(0, MAX_LABEL);
  }
  return null;
}

function add(total: number | null, value: number | null): number | null {
  return value === null ? total : (total ?? 0) + value;
}
