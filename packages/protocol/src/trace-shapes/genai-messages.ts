import { isChatMessages } from "./chat-messages.ts";
import { embeddedJson } from "./embedded-json.ts";
import { isObject, type JsonObject, text } from "./json-values.ts";
import { attributesOf } from "./otel-attributes.ts";

// The messages of a GenAI span, from whichever generation of the OpenTelemetry GenAI semantic
// conventions wrote them:
// - `gen_ai.input.messages` / `gen_ai.output.messages` (+ `gen_ai.system_instructions`): JSON
//   messages with typed parts (current conventions);
// - `gen_ai.prompt.N.role|content`, `gen_ai.completion.N.role|content|tool_calls.M.name|arguments`
//   (indexed attributes, as OpenLLMetry writes them);
// - span events `gen_ai.content.prompt` / `gen_ai.content.completion` with `gen_ai.prompt` /
//   `gen_ai.completion`, or `gen_ai.{system,user,assistant,tool}.message` and `gen_ai.choice`;
// - OpenInference's `input.value` / `output.value` as a last resort.

export interface SpanEvent {
  name: string;
  attributes: JsonObject;
}

export function spanEvents(span: JsonObject): SpanEvent[] {
  if (!Array.isArray(span.events)) return [];
  return span.events.filter(isObject).map((event) => ({
    name: typeof event.name === "string" ? event.name : "",
    attributes: attributesOf(event.attributes),
  }));
}

/** Messages as `{role, content}` (content: text or parts), from a JSON string or an array. */
function messagesFrom(value: unknown, defaultRole: string): JsonObject[] | undefined {
  const parsed = typeof value === "string" ? (embeddedJson(value) ?? value) : value;
  if (isChatMessages(parsed)) return parsed;
  if (typeof parsed === "string" && parsed.trim() !== "")
    return [{ role: defaultRole, content: parsed }];
  if (isObject(parsed) && (parsed.content !== undefined || parsed.message !== undefined)) {
    const inner = isObject(parsed.message) ? parsed.message : parsed;
    return [{ ...inner, role: text(inner.role) ?? defaultRole }];
  }
  return undefined;
}

/** `gen_ai.system_instructions`: text, or JSON parts (`[{type: "text", content}]`). */
function systemInstructions(value: unknown): JsonObject[] {
  if (value === undefined || value === null) return [];
  return [
    { role: "system", content: typeof value === "string" ? (embeddedJson(value) ?? value) : value },
  ];
}

/** Fields of an indexed message kept as they are. */
const MESSAGE_FIELDS = new Set(["role", "content", "finish_reason", "tool_call_id", "name"]);

interface IndexedMessage {
  fields: JsonObject;
  calls: Map<number, { id?: unknown; name?: unknown; arguments?: unknown }>;
}

/** `gen_ai.prompt.0.role`… → messages, tool calls rebuilt as OpenAI `tool_calls`. */
function indexedMessages(attributes: JsonObject, prefix: "gen_ai.prompt" | "gen_ai.completion") {
  const byIndex = new Map<number, IndexedMessage>();
  const pattern = new RegExp(`^${prefix.replace(".", "\\.")}\\.(\\d+)\\.(.+)$`);
  for (const [key, value] of Object.entries(attributes)) {
    const match = pattern.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] as string;
    let message = byIndex.get(index);
    if (!message) {
      message = { fields: {}, calls: new Map() };
      byIndex.set(index, message);
    }
    const call = /^tool_calls\.(\d+)\.(name|arguments|id)$/.exec(field);
    if (call) {
      const i = Number(call[1]);
      const entry = message.calls.get(i) ?? {};
      entry[call[2] as "id" | "name" | "arguments"] = value;
      message.calls.set(i, entry);
    } else if (MESSAGE_FIELDS.has(field)) {
      message.fields[field] = value;
    }
  }
  const role = prefix === "gen_ai.prompt" ? "user" : "assistant";
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { fields, calls }]) => ({
      ...fields,
      role: text(fields.role) ?? role,
      ...(calls.size > 0
        ? {
            tool_calls: [...calls.entries()]
              .sort(([a], [b]) => a - b)
              .map(([, c]) => ({ id: c.id, function: { name: c.name, arguments: c.arguments } })),
          }
        : {}),
    }));
}

const INPUT_EVENTS: Record<string, string> = {
  "gen_ai.system.message": "system",
  "gen_ai.user.message": "user",
  "gen_ai.assistant.message": "assistant",
  "gen_ai.tool.message": "tool",
};

/** What the model was given, in order. */
export function promptMessages(attributes: JsonObject, events: SpanEvent[]): JsonObject[] {
  const system = systemInstructions(attributes["gen_ai.system_instructions"]);
  const input = messagesFrom(attributes["gen_ai.input.messages"], "user");
  if (input) return [...system, ...input];
  const indexed = indexedMessages(attributes, "gen_ai.prompt");
  if (indexed.length > 0) return indexed;
  const fromEvents = events.flatMap((event) => {
    if (event.name === "gen_ai.content.prompt")
      return messagesFrom(event.attributes["gen_ai.prompt"], "user") ?? [];
    const role = INPUT_EVENTS[event.name];
    if (role === undefined) return [];
    const body =
      event.attributes["gen_ai.event.content"] ?? event.attributes.content ?? event.attributes;
    return messagesFrom(body, role)?.map((m) => ({ ...m, role })) ?? [];
  });
  if (fromEvents.length > 0) return fromEvents;
  return (
    messagesFrom(attributes["gen_ai.prompt"], "user") ??
    messagesFrom(attributes["input.value"], "user") ??
    []
  );
}

/** What the model answered. */
export function completionMessages(attributes: JsonObject, events: SpanEvent[]): JsonObject[] {
  const output = messagesFrom(attributes["gen_ai.output.messages"], "assistant");
  if (output) return output;
  const indexed = indexedMessages(attributes, "gen_ai.completion");
  if (indexed.length > 0) return indexed;
  const fromEvents = events.flatMap((event) => {
    if (event.name === "gen_ai.content.completion")
      return messagesFrom(event.attributes["gen_ai.completion"], "assistant") ?? [];
    if (event.name !== "gen_ai.choice") return [];
    const body =
      event.attributes["gen_ai.event.content"] ?? event.attributes.message ?? event.attributes;
    return messagesFrom(body, "assistant") ?? [];
  });
  if (fromEvents.length > 0) return fromEvents;
  return (
    messagesFrom(attributes["gen_ai.completion"], "assistant") ??
    messagesFrom(attributes["output.value"], "assistant") ??
    []
  );
}
