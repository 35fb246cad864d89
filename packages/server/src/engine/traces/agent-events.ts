import {
  AGENT_HEADER_KEYS,
  agentEventBody,
  agentEventType,
  agentEventTypeKey,
  agentRunHeader,
  compact,
  firstText,
  isChatMessages,
  isObject,
  isUserMessage,
  type JsonObject,
  text,
} from "@assay/protocol/trace-shapes";
import { firstUserText, renderMessage, renderMessages } from "./chat.ts";
import { indentRest } from "./values.ts";

// Agent runs with an `events` list (the `agent_events` format, read by
// @assay/protocol/trace-shapes): their input, and their text for a judge.

/** Keys that hold what was said, in the order they are looked for. */
const TEXT_KEYS = ["message", "input", "content", "text", "query", "prompt", "question"];

/** The text an event carries, looking one level into an object `input` or `message`. */
function eventText(body: JsonObject): string | undefined {
  if (isChatMessages(body.messages)) return firstUserText(body.messages);
  const direct = firstText(body, TEXT_KEYS);
  if (direct !== undefined) return direct;
  for (const key of ["input", "message"]) {
    const inner = body[key];
    if (isObject(inner)) {
      const found = firstText(inner, TEXT_KEYS);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** `agent.input`, `user_message`, `human`, `input`…: an event type that names the user's turn. */
const INPUT_EVENT = /(^|[._\-\s])(input|user|human|prompt|query|request)($|[._\-\s])/i;

function isInputEvent(event: JsonObject): boolean {
  const type = agentEventType(event);
  if (type !== undefined && INPUT_EVENT.test(type)) return true;
  const body = agentEventBody(event);
  return typeof body.role === "string" && isUserMessage(body);
}

/** The first user or input event's text, else the trace's own `input`, `task` or `query`. */
export function agentEventsInput(record: JsonObject): string {
  for (const event of record.events as JsonObject[]) {
    if (!isInputEvent(event)) continue;
    const found = eventText(agentEventBody(event));
    if (found !== undefined) return found;
  }
  return firstText(record, ["input", "task", "query", "prompt", "question"]) ?? "";
}

/** Keys shown in the header line, or that carry nothing a judge can use. */
const HIDDEN_KEYS = new Set<string>([
  "events",
  "attestation",
  "capture_config",
  ...AGENT_HEADER_KEYS,
]);
const HIDDEN_EVENT_KEYS = new Set([
  "trace_id",
  "span_id",
  "parent_span_id",
  "sequence_id",
  "timestamp",
  "timestamp_ns",
  "dt",
  "role",
]);

export function renderAgentEvents(record: JsonObject): string {
  const header = agentRunHeader(record).map(([label, value]) => `${label}: ${value}`);
  const sections: string[] = [];
  if (header.length > 0) sections.push(header.join(" · "));
  const extra = Object.entries(record).filter(([key]) => !HIDDEN_KEYS.has(key));
  if (extra.length > 0)
    sections.push(extra.map(([key, value]) => `${key}: ${indentRest(compact(value))}`).join("\n"));
  const events = (record.events as JsonObject[]).map((event, i) => renderEvent(event, i + 1));
  sections.push(`Events:\n${events.join("\n")}`);
  return sections.join("\n\n");
}

/** `3. tool.call (assistant)`, then the event's fields, one per line, indented below. */
function renderEvent(event: JsonObject, n: number): string {
  const body = agentEventBody(event);
  const role = text(body.role) ?? text(event.role);
  const label = `${n}. ${agentEventType(event) ?? "event"}${role ? ` (${role})` : ""}`;
  // The event's own fields (status, timing, name) first, then what its payload carries.
  const typeKey = agentEventTypeKey(event);
  const own = Object.entries(event).filter(([key, value]) => key !== typeKey && value !== body);
  const lines = [...own, ...(body === event ? [] : Object.entries(body))]
    .filter(([key, value]) => !HIDDEN_EVENT_KEYS.has(key) && value !== null && value !== undefined)
    .map(([key, value]) => `${key}: ${fieldText(value)}`);
  if (lines.length === 0) return label;
  return `${label}\n    ${lines.map((line) => indentRest(line, "    ")).join("\n    ")}`;
}

function fieldText(value: unknown): string {
  if (isChatMessages(value)) return `\n  ${indentRest(renderMessages(value))}`;
  if (isObject(value) && typeof value.role === "string") return renderMessage(value);
  return compact(value);
}
