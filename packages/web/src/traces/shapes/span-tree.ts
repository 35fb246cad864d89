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
import { type ChatTurn, toChatTurns } from "./chat-turns.ts";

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
  const call = readGenAiCall(attributes);
  const row: SpanRow = {
    id: text(span.spanId) ?? String(node.index),
    name: text(span.name) ?? "span",
    depth,
    offset: 0,
    width: 0,
    facts: callFacts(call),
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
  if (call.tool) {
    row.tool = { name: call.tool.name };
    if (call.tool.arguments !== undefined) row.tool.arguments = call.tool.arguments;
    if (call.tool.result !== undefined) row.tool.result = call.tool.result;
  }
  const error = spanStatusError(span.status);
  if (error !== undefined) row.error = error;
  return row;
}

/** What the GenAI attributes say about the call, as short facts. */
function callFacts(call: GenAiCall): string[] {
  const facts: string[] = [];
  if (call.operation) facts.push(call.operation);
  if (call.agent) facts.push(`agent ${call.agent}`);
  const model = call.requestedModel ?? call.answeredModel;
  if (model) facts.push(`model ${model}`);
  if (call.provider) facts.push(call.provider);
  if (call.inputTokens !== undefined || call.outputTokens !== undefined)
    facts.push(`${compact(call.inputTokens ?? "?")} → ${compact(call.outputTokens ?? "?")} tokens`);
  if (call.finishReasons.length > 0) facts.push(`finish ${call.finishReasons.join(", ")}`);
  return facts;
}
