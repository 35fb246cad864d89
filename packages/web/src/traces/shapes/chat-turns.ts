import {
  compact,
  embeddedJson,
  isObject,
  type JsonObject,
  text,
} from "@assay/protocol/trace-shapes";
import { pretty } from "./pretty.ts";

// Chat messages as the common providers write them, read into turns a person can follow: OpenAI
// chat completions (string or parts content, `tool_calls`, `function_call`, `tool` messages),
// Anthropic parts (`tool_use`, `tool_result`) and the OpenTelemetry GenAI parts (`{type: "text",
// content}`, `tool_call`, `tool_call_response`).

export interface ToolCall {
  id?: string;
  name: string;
  /** Pretty-printed: JSON text arguments are parsed and indented. */
  arguments: string;
}

export interface ToolResult {
  id?: string;
  text: string;
}

export interface ChatTurn {
  role: string;
  /** A tool message's tool name, or a participant's name. */
  name?: string;
  /** The call a `tool` message answers. */
  toolCallId?: string;
  text: string;
  toolCalls: ToolCall[];
  toolResults: ToolResult[];
  /** `[image]`, `[audio]`: parts shown only by their kind. */
  attachments: string[];
  finishReason?: string;
}

export function toChatTurns(messages: readonly unknown[]): ChatTurn[] {
  return messages.map((m) =>
    isObject(m) ? toChatTurn(m) : { ...emptyTurn("message"), text: compact(m) },
  );
}

function emptyTurn(role: string): ChatTurn {
  return { role, text: "", toolCalls: [], toolResults: [], attachments: [] };
}

export function toChatTurn(message: JsonObject): ChatTurn {
  const turn = emptyTurn(text(message.role) ?? "message");
  const name = text(message.name);
  if (name) turn.name = name;
  const callId = text(message.tool_call_id);
  if (callId) turn.toolCallId = callId;
  const finish = text(message.finish_reason);
  if (finish) turn.finishReason = finish;
  const texts: string[] = [];
  readContent(message.content ?? message.parts, turn, texts);
  turn.text = texts.join("\n");
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isObject(call)) continue;
      const fn = isObject(call.function) ? call.function : call;
      turn.toolCalls.push(toolCall(fn.name, fn.arguments ?? fn.input, call.id));
    }
  }
  if (isObject(message.function_call))
    turn.toolCalls.push(toolCall(message.function_call.name, message.function_call.arguments));
  return turn;
}

function toolCall(name: unknown, args: unknown, id?: unknown): ToolCall {
  const call: ToolCall = {
    name: text(name) ?? "tool",
    arguments: args === undefined || args === null ? "" : pretty(args),
  };
  const callId = text(id);
  if (callId) call.id = callId;
  return call;
}

function readContent(content: unknown, turn: ChatTurn, texts: string[]): void {
  if (content === undefined || content === null) return;
  if (typeof content === "string") {
    texts.push(content);
    return;
  }
  const parts = Array.isArray(content) ? content : [content];
  for (const part of parts) readPart(part, turn, texts);
}

function readPart(part: unknown, turn: ChatTurn, texts: string[]): void {
  if (typeof part === "string") {
    texts.push(part);
    return;
  }
  if (!isObject(part)) {
    texts.push(compact(part));
    return;
  }
  const type = text(part.type) ?? "";
  if (typeof part.text === "string") texts.push(part.text);
  else if ((type === "text" || type === "") && typeof part.content === "string")
    texts.push(part.content);
  else if (type === "tool_use" || type === "tool_call")
    turn.toolCalls.push(toolCall(part.name, part.input ?? part.arguments, part.id));
  else if (type === "tool_result" || type === "tool_call_response") {
    const result = part.content ?? part.response ?? part.result;
    const inner: string[] = [];
    readContent(result, emptyTurn("tool"), inner);
    const id = text(part.tool_use_id ?? part.id);
    turn.toolResults.push({
      ...(id ? { id } : {}),
      text: inner.length > 0 ? pretty(inner.join("\n")) : pretty(result),
    });
  } else if (type.includes("image")) turn.attachments.push("[image]");
  else if (type.includes("audio")) turn.attachments.push("[audio]");
  else if (type !== "") turn.attachments.push(`[${type}]`);
  else texts.push(compact(part));
}

/** A `tool` message's content as a tool result: JSON text is indented. */
export function toolMessageText(turn: ChatTurn): string {
  return embeddedJson(turn.text) === undefined ? turn.text : pretty(turn.text);
}
