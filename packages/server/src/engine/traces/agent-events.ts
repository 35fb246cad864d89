import {
  firstUserText,
  isChatMessages,
  isUserMessage,
  renderMessage,
  renderMessages,
} from "./chat.ts";
import { compact, firstText, indentRest, isObject, type JsonObject, text } from "./values.ts";

// Agent traces: one object for one run with an `events` list (`{trace_id, agent_name, framework,
// events: [{event_type | type, payload…}]}`), as agent frameworks' exporters write them. Event
// types are free-form (`agent.input`, `model.invoke`, `tool.call`, `user_message`…), so events
// are read by a few conventions rather than one schema.

const TYPE_KEYS = ["event_type", "type", "kind", "event", "name", "span_name"] as const;

export function isAgentEvents(record: JsonObject): boolean {
  const events = record.events;
  return (
    Array.isArray(events) &&
    events.length > 0 &&
    events.every(isObject) &&
    events.some((event) => eventType(event) !== undefined)
  );
}

function eventType(event: JsonObject): string | undefined {
  return firstText(event, TYPE_KEYS);
}

/** The key `eventType` read, so that the type is not shown twice. */
function eventTypeKey(event: JsonObject): string | undefined {
  return TYPE_KEYS.find((key) => text(event[key]) !== undefined);
}

/** What an event carries: its `payload` (or `data`, `attributes`), else the event itself. */
function eventBody(event: JsonObject): JsonObject {
  for (const key of ["payload", "data", "attributes"]) {
    const body = event[key];
    if (isObject(body)) return body;
  }
  return event;
}

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
  const type = eventType(event);
  if (type !== undefined && INPUT_EVENT.test(type)) return true;
  const body = eventBody(event);
  return typeof body.role === "string" && isUserMessage(body);
}

/** The first user or input event's text, else the trace's own `input`, `task` or `query`. */
export function agentEventsInput(record: JsonObject): string {
  for (const event of record.events as JsonObject[]) {
    if (!isInputEvent(event)) continue;
    const found = eventText(eventBody(event));
    if (found !== undefined) return found;
  }
  return firstText(record, ["input", "task", "query", "prompt", "question"]) ?? "";
}

/** Trace-level keys shown in the header line, and keys that carry nothing a judge can use. */
const HEADER_KEYS = ["agent_name", "agent_id", "framework", "status"] as const;
const HIDDEN_KEYS = new Set(["events", "attestation", "capture_config", ...HEADER_KEYS]);
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
  const header = HEADER_KEYS.flatMap((key) => {
    const value = text(record[key]);
    return value === undefined ? [] : [`${key.replace("_", " ")}: ${value}`];
  });
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
  const body = eventBody(event);
  const role = text(body.role) ?? text(event.role);
  const label = `${n}. ${eventType(event) ?? "event"}${role ? ` (${role})` : ""}`;
  // The event's own fields (status, timing, name) first, then what its payload carries.
  const typeKey = eventTypeKey(event);
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
