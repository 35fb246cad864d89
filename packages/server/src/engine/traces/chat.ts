import {
  compact,
  isObject,
  isUserMessage,
  type JsonObject,
  text,
} from "@assay/protocol/trace-shapes";
import { indentRest } from "./values.ts";

// Chat messages as the common providers write them: OpenAI chat completions (string or parts
// content, `tool_calls`, `tool` messages), Anthropic (`tool_use`/`tool_result` parts) and the
// OpenTelemetry GenAI message parts (`{type: "text", content}`, `tool_call`, `tool_call_response`),
// as text for a judge.

/** The text of a message's content: a string, or its text parts joined; other parts in brackets. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map(partText)
      .filter((t) => t !== "")
      .join("\n");
  if (isObject(content)) return partText(content);
  return content === null || content === undefined ? "" : compact(content);
}

function partText(part: unknown): string {
  if (typeof part === "string") return part;
  if (!isObject(part)) return compact(part);
  const type = typeof part.type === "string" ? part.type : "";
  if (typeof part.text === "string") return part.text;
  if ((type === "text" || type === "") && typeof part.content === "string") return part.content;
  if (type === "tool_use" || type === "tool_call")
    return `[tool call ${toolCallText(part.name, part.input ?? part.arguments, part.id)}]`;
  if (type === "tool_result" || type === "tool_call_response") {
    const result = part.content ?? part.response ?? part.result;
    return `[tool result${idSuffix(part.tool_use_id ?? part.id)}: ${contentText(result)}]`;
  }
  if (type.includes("image")) return "[image]";
  if (type.includes("audio")) return "[audio]";
  if (type !== "") return `[${type}]`;
  return compact(part);
}

/** `name({"city":"Paris"}) [call_1]`; arguments arrive as JSON text (OpenAI) or objects. */
export function toolCallText(name: unknown, args: unknown, id?: unknown): string {
  const argsText = args === undefined || args === null ? "" : compact(args);
  return `${typeof name === "string" ? name : "tool"}(${argsText})${idSuffix(id)}`;
}

function idSuffix(id: unknown): string {
  return typeof id === "string" && id !== "" ? ` [${id}]` : "";
}

/** The tool calls an assistant message asks for (OpenAI `tool_calls` and `function_call`). */
function toolCalls(message: JsonObject): string[] {
  const calls: string[] = [];
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isObject(call)) continue;
      const fn = isObject(call.function) ? call.function : call;
      calls.push(toolCallText(fn.name, fn.arguments ?? fn.input, call.id));
    }
  }
  if (isObject(message.function_call))
    calls.push(toolCallText(message.function_call.name, message.function_call.arguments));
  return calls;
}

/** One message as `role: text`, tool calls on their own lines below it. */
export function renderMessage(message: JsonObject): string {
  const role = typeof message.role === "string" ? message.role : "message";
  const name = text(message.name);
  const callId = text(message.tool_call_id);
  const label = `${role}${name ? ` (${name})` : ""}${callId ? ` [${callId}]` : ""}`;
  const body = contentText(message.content ?? message.parts);
  const lines = body === "" ? [] : [`${label}: ${indentRest(body)}`];
  for (const call of toolCalls(message)) lines.push(`${label} → tool call ${call}`);
  if (lines.length === 0) lines.push(`${label}: (empty)`);
  return lines.join("\n");
}

export function renderMessages(messages: readonly unknown[]): string {
  return messages
    .map((m) => (isObject(m) ? renderMessage(m) : `message: ${compact(m)}`))
    .join("\n");
}

/** The text of the first message from the user, if any. */
export function firstUserText(messages: readonly JsonObject[]): string | undefined {
  const message = messages.find(isUserMessage);
  return message === undefined ? undefined : contentText(message.content ?? message.parts);
}

/** The text of the last message from the user: what a logged request was asking. */
export function lastUserText(messages: readonly JsonObject[]): string | undefined {
  const message = messages.findLast(isUserMessage);
  return message === undefined ? undefined : contentText(message.content ?? message.parts);
}
