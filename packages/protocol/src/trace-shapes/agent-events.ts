import { firstText, isObject, type JsonObject, text } from "./json-values.ts";

// Agent traces (the `agent_events` format): one object for one run with an `events` list
// (`{trace_id, agent_name, framework, events: [{event_type | type, payload…}]}`), as agent
// frameworks' exporters write them. Event types are free-form (`agent.input`, `model.invoke`,
// `tool.call`, `user_message`…), so events are read by a few conventions rather than one schema.

const TYPE_KEYS = ["event_type", "type", "kind", "event", "name", "span_name"] as const;

export function isAgentEvents(record: JsonObject): boolean {
  const events = record.events;
  return (
    Array.isArray(events) &&
    events.length > 0 &&
    events.every(isObject) &&
    events.some((event) => agentEventType(event) !== undefined)
  );
}

export function agentEventType(event: JsonObject): string | undefined {
  return firstText(event, TYPE_KEYS);
}

/** The key `agentEventType` read, so that the type is not shown twice. */
export function agentEventTypeKey(event: JsonObject): string | undefined {
  return TYPE_KEYS.find((key) => text(event[key]) !== undefined);
}

/** What an event carries: its `payload` (or `data`, `attributes`), else the event itself. */
export function agentEventBody(event: JsonObject): JsonObject {
  for (const key of ["payload", "data", "attributes"]) {
    const body = event[key];
    if (isObject(body)) return body;
  }
  return event;
}

/** Trace-level keys shown in a run's header line. */
export const AGENT_HEADER_KEYS = ["agent_name", "agent_id", "framework", "status"] as const;

/** `[["agent name", "support-agent"], ["framework", "langgraph"]…]`: the run's header facts. */
export function agentRunHeader(record: JsonObject): [string, string][] {
  return AGENT_HEADER_KEYS.flatMap((key): [string, string][] => {
    const value = text(record[key]);
    return value === undefined ? [] : [[key.replace("_", " "), value]];
  });
}
