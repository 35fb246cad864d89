import { firstUserText, renderMessages } from "../chat.ts";
import { compact, indentRest, isObject, type JsonObject, text } from "../values.ts";
import { attributesOf } from "./attributes.ts";
import { completionMessages, promptMessages, spanEvents } from "./genai-messages.ts";
import { sortByStart, spanTime } from "./spans.ts";

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
  const facts = spanFacts(attributes);
  if (facts.length > 0) lines.push(facts.join(" · "));
  const tool = text(attributes["gen_ai.tool.name"]);
  if (tool !== undefined) {
    const args = attributes["gen_ai.tool.call.arguments"];
    const result = attributes["gen_ai.tool.call.result"];
    if (args !== undefined) lines.push(`arguments: ${compact(args)}`);
    if (result !== undefined) lines.push(`result: ${indentRest(compact(result))}`);
  }
  const prompt = promptMessages(attributes, events);
  const completion = completionMessages(attributes, events);
  if (prompt.length > 0) lines.push(renderMessages(prompt));
  if (completion.length > 0) lines.push(renderMessages(completion));
  const status = statusText(span.status);
  if (status) lines.push(status);
  return lines.join("\n");
}

/** One line of what the GenAI attributes say about the call. */
function spanFacts(attributes: JsonObject): string[] {
  const facts: string[] = [];
  const operation = text(attributes["gen_ai.operation.name"]);
  if (operation) facts.push(`operation ${operation}`);
  const agent = text(attributes["gen_ai.agent.name"]);
  if (agent) facts.push(`agent ${agent}`);
  const requested = text(attributes["gen_ai.request.model"]);
  const answered = text(attributes["gen_ai.response.model"]);
  if (requested || answered)
    facts.push(
      `model ${requested ?? answered}${answered && requested && answered !== requested ? ` (answered by ${answered})` : ""}`,
    );
  const provider = text(attributes["gen_ai.provider.name"]) ?? text(attributes["gen_ai.system"]);
  if (provider) facts.push(`provider ${provider}`);
  const tool = text(attributes["gen_ai.tool.name"]);
  if (tool) {
    const callId = text(attributes["gen_ai.tool.call.id"]);
    facts.push(`tool ${tool}${callId ? ` [${callId}]` : ""}`);
  }
  const input = attributes["gen_ai.usage.input_tokens"] ?? attributes["gen_ai.usage.prompt_tokens"];
  const output =
    attributes["gen_ai.usage.output_tokens"] ?? attributes["gen_ai.usage.completion_tokens"];
  if (input !== undefined || output !== undefined)
    facts.push(`tokens in ${compact(input ?? "?")}, out ${compact(output ?? "?")}`);
  const finish = attributes["gen_ai.response.finish_reasons"];
  if (Array.isArray(finish) && finish.length > 0) facts.push(`finish ${finish.join(", ")}`);
  const error = text(attributes["error.type"]);
  if (error) facts.push(`error ${error}`);
  return facts;
}

function durationText(span: JsonObject): string {
  const start = spanTime(span, "startTimeUnixNano");
  const end = spanTime(span, "endTimeUnixNano");
  if (start === undefined || end === undefined || end < start) return "";
  return ` (${Number((end - start) / 1_000_000n)} ms)`;
}

/** `status: ERROR: message` for a failed span (code 2 or `STATUS_CODE_ERROR`); nothing otherwise. */
function statusText(status: unknown): string {
  if (!isObject(status)) return "";
  const failed =
    status.code === 2 || status.code === "STATUS_CODE_ERROR" || status.code === "ERROR";
  if (!failed) return "";
  const message = text(status.message);
  return `status: ERROR${message ? `: ${message}` : ""}`;
}
