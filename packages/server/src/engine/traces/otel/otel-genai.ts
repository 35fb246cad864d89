import {
  attributesOf,
  compact,
  completionMessages,
  type GenAiCall,
  isObject,
  type JsonObject,
  promptMessages,
  readGenAiCall,
  spanEvents,
  spanStatusError,
  spanTime,
  text,
} from "@assay/protocol/trace-shapes";
import { firstUserText, renderMessages } from "../chat.ts";
import { indentRest } from "../values.ts";
import { sortByStart } from "./spans.ts";

// A trace of OpenTelemetry spans (`{trace_id, spans}`), read through the GenAI semantic
// conventions: model calls with their messages and token usage, tool executions, agent steps.

function spansOf(data: JsonObject): JsonObject[] {
  return Array.isArray(data.spans) ? sortByStart(data.spans.filter(isObject)) : [];
}

/** The first user message any span's prompt carries, in start order. */
export function otelTraceInput(data: JsonObject): string {
  for (const span of spansOf(data)) {
    const messages = promptMessages(attributesOf(span.attributes), spanEvents(span));
    const found = firstUserText(messages);
    if (found !== undefined) return found;
  }
  return "";
}

export function renderOtelTrace(data: JsonObject): string {
  const spans = spansOf(data);
  const depths = spanDepths(spans);
  const traceId = text(data.trace_id);
  const header = `Trace${traceId ? ` ${traceId}` : ""} · ${spans.length} span${spans.length === 1 ? "" : "s"}`;
  const rendered = spans.map((span, i) => {
    const indent = "  ".repeat(depths[i] ?? 0);
    return `${indent}${indentRest(renderSpan(span, i + 1), `${indent}    `)}`;
  });
  return [header, ...rendered].join("\n");
}

/** How deep each span sits under its parents within the trace (capped: a readable outline). */
function spanDepths(spans: JsonObject[]): number[] {
  const parents = new Map<string, string>();
  for (const span of spans) {
    const id = text(span.spanId);
    const parent = text(span.parentSpanId);
    if (id && parent) parents.set(id, parent);
  }
  return spans.map((span) => {
    let depth = 0;
    let id = text(span.spanId);
    while (id !== undefined && depth < 6) {
      id = parents.get(id);
      if (id === undefined) break;
      depth += 1;
    }
    return depth;
  });
}

function renderSpan(span: JsonObject, n: number): string {
  const attributes = attributesOf(span.attributes);
  const events = spanEvents(span);
  const lines = [`[${n}] ${text(span.name) ?? "span"}${durationText(span)}`];
  const call = readGenAiCall(attributes);
  const facts = callFacts(call);
  if (facts.length > 0) lines.push(facts.join(" · "));
  if (call.tool?.arguments !== undefined) lines.push(`arguments: ${compact(call.tool.arguments)}`);
  if (call.tool?.result !== undefined)
    lines.push(`result: ${indentRest(compact(call.tool.result))}`);
  const prompt = promptMessages(attributes, events);
  const completion = completionMessages(attributes, events);
  if (prompt.length > 0) lines.push(renderMessages(prompt));
  if (completion.length > 0) lines.push(renderMessages(completion));
  const error = spanStatusError(span.status);
  if (error !== undefined) lines.push(`status: ERROR${error ? `: ${error}` : ""}`);
  return lines.join("\n");
}

/** One line of what the GenAI attributes say about the call. */
function callFacts(call: GenAiCall): string[] {
  const facts: string[] = [];
  if (call.operation) facts.push(`operation ${call.operation}`);
  if (call.agent) facts.push(`agent ${call.agent}`);
  const { requestedModel: requested, answeredModel: answered } = call;
  if (requested || answered)
    facts.push(
      `model ${requested ?? answered}${answered && requested && answered !== requested ? ` (answered by ${answered})` : ""}`,
    );
  if (call.provider) facts.push(`provider ${call.provider}`);
  if (call.tool)
    facts.push(`tool ${call.tool.name}${call.tool.callId ? ` [${call.tool.callId}]` : ""}`);
  if (call.inputTokens !== undefined || call.outputTokens !== undefined)
    facts.push(
      `tokens in ${compact(call.inputTokens ?? "?")}, out ${compact(call.outputTokens ?? "?")}`,
    );
  if (call.finishReasons.length > 0) facts.push(`finish ${call.finishReasons.join(", ")}`);
  if (call.errorType) facts.push(`error ${call.errorType}`);
  return facts;
}

function durationText(span: JsonObject): string {
  const start = spanTime(span, "startTimeUnixNano");
  const end = spanTime(span, "endTimeUnixNano");
  if (start === undefined || end === undefined || end < start) return "";
  return ` (${Number((end - start) / 1_000_000n)} ms)`;
}
