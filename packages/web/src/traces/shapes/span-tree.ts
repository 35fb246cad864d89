import { type ChatTurn, toChatTurns } from "./chat-turns.ts";
import { completionMessages, promptMessages, spanEvents } from "./genai-messages.ts";
import { compact, isObject, type JsonObject, text } from "./json-values.ts";
import { attributesOf } from "./otel-attributes.ts";

// A trace of OpenTelemetry spans (`{trace_id, spans}`, as the server stores them after grouping
// an upload's spans by trace id), as an indented tree on one time axis: each span's offset and
// duration relative to the whole trace, its GenAI facts, tool call and messages.

export interface SpanRow {
  id: string;
  name: string;
  depth: number;
  /** Position on the trace's time axis, 0–1 (unknown times: 0 and 0). */
  offset: number;
  width: number;
  /** Milliseconds, when both times are known. */
  durationMs?: number;
  startMs?: number;
  facts: string[];
  tool?: { name: string; arguments?: unknown; result?: unknown };
  prompt: ChatTurn[];
  completion: ChatTurn[];
  error?: string;
  attributes: JsonObject;
}

export interface SpanTreeView {
  traceId?: string;
  /** From the first start to the last end, in milliseconds. */
  totalMs: number;
  rows: SpanRow[];
}

/** An OTLP/JSON span: hex `traceId` and `spanId` strings. */
function isSpan(record: JsonObject): boolean {
  return typeof record.traceId === "string" && typeof record.spanId === "string";
}

export function isSpanTrace(record: JsonObject): boolean {
  return (
    Array.isArray(record.spans) &&
    record.spans.length > 0 &&
    record.spans.every((span) => isObject(span) && isSpan(span))
  );
}

/** Nanoseconds since the epoch (OTLP sends decimal strings), if known. */
function spanTime(span: JsonObject, key: "startTimeUnixNano" | "endTimeUnixNano") {
  const value = span[key];
  if (typeof value === "number" && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (typeof value === "string" && /^\d{1,30}$/.test(value)) return BigInt(value);
  return undefined;
}

interface Node {
  span: JsonObject;
  index: number;
  start?: bigint;
  end?: bigint;
  children: Node[];
}

/** Start order; spans without a start keep their order, after the others. */
function byStart(a: Node, b: Node): number {
  if (a.start === undefined || b.start === undefined) {
    if (a.start !== b.start) return a.start === undefined ? 1 : -1;
    return a.index - b.index;
  }
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.index - b.index;
}

export function readSpanTree(data: JsonObject): SpanTreeView {
  const spans = Array.isArray(data.spans) ? data.spans.filter(isObject) : [];
  const nodes = spans.map((span, index): Node => {
    const node: Node = { span, index, children: [] };
    const start = spanTime(span, "startTimeUnixNano");
    const end = spanTime(span, "endTimeUnixNano");
    if (start !== undefined) node.start = start;
    if (end !== undefined && (start === undefined || end >= start)) node.end = end;
    return node;
  });
  const byId = new Map<string, Node>();
  for (const node of nodes) {
    const id = text(node.span.spanId);
    if (id && !byId.has(id)) byId.set(id, node);
  }
  // A span whose parent is not in the trace (or is itself, or makes a cycle) is a root.
  const roots: Node[] = [];
  for (const node of nodes) {
    const parent = byId.get(text(node.span.parentSpanId) ?? "");
    if (parent && parent !== node && !descendsFrom(parent, node, byId)) parent.children.push(node);
    else roots.push(node);
  }
  const starts = nodes.flatMap((n) => (n.start === undefined ? [] : [n.start]));
  const ends = nodes.flatMap((n) => (n.end === undefined ? [] : [n.end]));
  const t0 = starts.length > 0 ? starts.reduce((a, b) => (b < a ? b : a)) : 0n;
  const t1 = ends.length > 0 ? ends.reduce((a, b) => (b > a ? b : a)) : t0;
  const totalMs = nanosToMs(t1 - t0);
  const rows: SpanRow[] = [];
  const visit = (node: Node, depth: number) => {
    rows.push(toRow(node, depth, t0, totalMs));
    for (const child of node.children.sort(byStart)) visit(child, depth + 1);
  };
  for (const root of roots.sort(byStart)) visit(root, 0);
  const view: SpanTreeView = { totalMs, rows };
  const traceId = text(data.trace_id);
  if (traceId) view.traceId = traceId;
  return view;
}

/** Whether `node` is an ancestor of `candidate` through parent ids (a cycle guard). */
function descendsFrom(candidate: Node, node: Node, byId: Map<string, Node>): boolean {
  let current: Node | undefined = candidate;
  for (let steps = 0; current && steps < byId.size; steps += 1) {
    if (current === node) return true;
    current = byId.get(text(current.span.parentSpanId) ?? "");
  }
  return false;
}

function nanosToMs(nanos: bigint): number {
  return Number(nanos / 1000n) / 1000;
}

function toRow(node: Node, depth: number, t0: bigint, totalMs: number): SpanRow {
  const { span } = node;
  const attributes = attributesOf(span.attributes);
  const events = spanEvents(span);
  const row: SpanRow = {
    id: text(span.spanId) ?? String(node.index),
    name: text(span.name) ?? "span",
    depth,
    offset: 0,
    width: 0,
    facts: spanFacts(attributes),
    prompt: toChatTurns(promptMessages(attributes, events)),
    completion: toChatTurns(completionMessages(attributes, events)),
    attributes,
  };
  if (node.start !== undefined) {
    row.startMs = nanosToMs(node.start - t0);
    row.offset = totalMs > 0 ? row.startMs / totalMs : 0;
    if (node.end !== undefined) {
      row.durationMs = nanosToMs(node.end - node.start);
      row.width = totalMs > 0 ? row.durationMs / totalMs : 1;
    }
  }
  const tool = text(attributes["gen_ai.tool.name"]);
  if (tool) {
    row.tool = { name: tool };
    if (attributes["gen_ai.tool.call.arguments"] !== undefined)
      row.tool.arguments = attributes["gen_ai.tool.call.arguments"];
    if (attributes["gen_ai.tool.call.result"] !== undefined)
      row.tool.result = attributes["gen_ai.tool.call.result"];
  }
  const error = statusError(span.status);
  if (error !== undefined) row.error = error;
  return row;
}

/** What the GenAI attributes say about the call, as short facts. */
function spanFacts(attributes: JsonObject): string[] {
  const facts: string[] = [];
  const operation = text(attributes["gen_ai.operation.name"]);
  if (operation) facts.push(operation);
  const agent = text(attributes["gen_ai.agent.name"]);
  if (agent) facts.push(`agent ${agent}`);
  const requested = text(attributes["gen_ai.request.model"]);
  const answered = text(attributes["gen_ai.response.model"]);
  if (requested || answered) facts.push(`model ${requested ?? answered}`);
  const provider = text(attributes["gen_ai.provider.name"]) ?? text(attributes["gen_ai.system"]);
  if (provider) facts.push(provider);
  const input = attributes["gen_ai.usage.input_tokens"] ?? attributes["gen_ai.usage.prompt_tokens"];
  const output =
    attributes["gen_ai.usage.output_tokens"] ?? attributes["gen_ai.usage.completion_tokens"];
  if (input !== undefined || output !== undefined)
    facts.push(`${compact(input ?? "?")} → ${compact(output ?? "?")} tokens`);
  const finish = attributes["gen_ai.response.finish_reasons"];
  if (Array.isArray(finish) && finish.length > 0) facts.push(`finish ${finish.join(", ")}`);
  return facts;
}

/** The message of a failed span (code 2 or `STATUS_CODE_ERROR`), "" without one. */
function statusError(status: unknown): string | undefined {
  if (!isObject(status)) return undefined;
  const failed =
    status.code === 2 || status.code === "STATUS_CODE_ERROR" || status.code === "ERROR";
  if (!failed) return undefined;
  return text(status.message) ?? "";
}
