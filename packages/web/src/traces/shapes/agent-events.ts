import {
  AGENT_HEADER_KEYS,
  agentEventBody,
  agentEventTypeKey,
  agentRunHeader,
  isChatMessages,
  isObject,
  type JsonObject,
  text,
} from "@assay/protocol/trace-shapes";
import { type ChatTurn, toChatTurn, toChatTurns } from "./chat-turns.ts";

// Agent runs with an `events` list (the `agent_events` format, recognized by
// @assay/protocol/trace-shapes), read into events a person can follow.

export interface AgentEventView {
  /** 1-based, in the order the run wrote them. */
  n: number;
  type: string;
  role?: string;
  timestamp?: string;
  /** What was said, when the event carries a message. */
  text?: string;
  /** Messages an event carries (a model call's prompt). */
  turns: ChatTurn[];
  /** A tool call's name, arguments and result, when the event is one. */
  tool?: { name: string; arguments?: unknown; result?: unknown };
  /** The event's other fields. */
  fields: [string, unknown][];
}

export interface AgentRunView {
  header: [string, string][];
  extra: [string, unknown][];
  events: AgentEventView[];
}

const HIDDEN_KEYS = new Set<string>(["events", ...AGENT_HEADER_KEYS]);
/** Shown elsewhere in the event's row, or carrying nothing a reader needs. */
const HIDDEN_EVENT_KEYS = new Set(["trace_id", "span_id", "parent_span_id", "role", "timestamp"]);
const TEXT_KEYS = ["message", "content", "text", "input", "query", "prompt", "question", "output"];
const TOOL_EVENT = /(^|[._\-\s])(tool|function)($|[._\-\s])/i;

export function readAgentRun(record: JsonObject): AgentRunView {
  const header = agentRunHeader(record);
  const events = Array.isArray(record.events) ? record.events.filter(isObject) : [];
  return {
    header,
    extra: Object.entries(record).filter(([key]) => !HIDDEN_KEYS.has(key)),
    events: events.map((event, i) => readEvent(event, i + 1)),
  };
}

function readEvent(event: JsonObject, n: number): AgentEventView {
  const typeKey = agentEventTypeKey(event);
  const type = typeKey ? (event[typeKey] as string) : "event";
  const body = agentEventBody(event);
  const view: AgentEventView = { n, type, turns: [], fields: [] };
  const role = text(body.role) ?? text(event.role);
  if (role) view.role = role;
  const timestamp = text(event.timestamp) ?? text(body.timestamp);
  if (timestamp) view.timestamp = timestamp;
  const used = new Set<string>();
  if (isChatMessages(body.messages)) {
    view.turns = toChatTurns(body.messages);
    used.add("messages");
  } else if (isObject(body.message) && typeof body.message.role === "string") {
    view.turns = [toChatTurn(body.message)];
    used.add("message");
  }
  const toolName = text(body.tool) ?? text(body.tool_name) ?? text(body.name);
  if (TOOL_EVENT.test(type) && toolName) {
    view.tool = { name: toolName };
    used.add(text(body.tool) ? "tool" : text(body.tool_name) ? "tool_name" : "name");
    for (const key of ["arguments", "args", "input"] as const)
      if (key in body && view.tool.arguments === undefined) {
        view.tool.arguments = body[key];
        used.add(key);
      }
    for (const key of ["result", "output", "response"] as const)
      if (key in body && view.tool.result === undefined) {
        view.tool.result = body[key];
        used.add(key);
      }
  } else if (view.turns.length === 0) {
    const key = TEXT_KEYS.find((k) => text(body[k]) !== undefined);
    if (key) {
      view.text = body[key] as string;
      used.add(key);
    }
  }
  // The event's own fields (status, duration) first, then what its payload carries.
  const own = Object.entries(event).filter(([key, value]) => key !== typeKey && value !== body);
  view.fields = [...own, ...(body === event ? [] : Object.entries(body))].filter(
    ([key, value]) =>
      !HIDDEN_EVENT_KEYS.has(key) && !used.has(key) && value !== null && value !== undefined,
  );
  return view;
}
