import { type ChatTurn, isChatMessages, toChatTurn, toChatTurns } from "./chat-turns.ts";
import { isObject, type JsonObject, text } from "./json-values.ts";

// OpenAI chat-completion logs, as the server's engine/traces/openai-chat.ts recognizes them:
// `{request: {model, messages, tools…}, response: {choices, usage…}}`, a bare request
// (`{model, messages}`), or a bare response (`{object: "chat.completion", choices}`).

export interface OpenAiChatView {
  model?: string;
  /** The request's messages, then the response's choices, as one conversation. */
  turns: ChatTurn[];
  /** How many of `turns` came from the request (the rest are the answer). */
  requestTurns: number;
  tools: string[];
  usage?: string;
  error?: string;
  /** Top-level keys shown as they are (latency, metadata…). */
  extra: [string, unknown][];
}

function requestOf(record: JsonObject): JsonObject | undefined {
  if (isObject(record.request) && isChatMessages(record.request.messages)) return record.request;
  return isChatMessages(record.messages) ? record : undefined;
}

function responseOf(record: JsonObject): JsonObject | undefined {
  if (isObject(record.response)) return record.response;
  return Array.isArray(record.choices) ? record : undefined;
}

export function isOpenAiChat(record: JsonObject): boolean {
  if (isObject(record.request) && isChatMessages(record.request.messages)) return true;
  if (isObject(record.response) && Array.isArray(record.response.choices)) return true;
  if (isChatMessages(record.messages)) return true;
  return record.object === "chat.completion" && Array.isArray(record.choices);
}

const SECTION_KEYS = new Set([
  "request",
  "response",
  "messages",
  "choices",
  "model",
  "tools",
  "usage",
  "object",
]);

export function readOpenAiChat(record: JsonObject): OpenAiChatView {
  const request = requestOf(record);
  const response = responseOf(record);
  const turns = request ? toChatTurns(request.messages as unknown[]) : [];
  const requestTurns = turns.length;
  const choices = response && Array.isArray(response.choices) ? response.choices : [];
  for (const choice of choices) {
    if (!isObject(choice)) continue;
    const turn = isObject(choice.message)
      ? toChatTurn(choice.message)
      : toChatTurn({ role: "assistant", content: choice.text ?? "" });
    const finish = text(choice.finish_reason);
    if (finish) turn.finishReason = finish;
    turns.push(turn);
  }
  const view: OpenAiChatView = {
    turns,
    requestTurns,
    tools: toolNames(request?.tools ?? request?.functions),
    extra: Object.entries(record).filter(([key]) => !SECTION_KEYS.has(key)),
  };
  const model = text(request?.model) ?? text(response?.model);
  if (model) view.model = model;
  const usage = usageText(response?.usage);
  if (usage) view.usage = usage;
  if (response && isObject(response.error))
    view.error = text(response.error.message) ?? JSON.stringify(response.error);
  return view;
}

function usageText(usage: unknown): string {
  if (!isObject(usage)) return "";
  return ["prompt_tokens", "completion_tokens", "total_tokens"]
    .filter((key) => typeof usage[key] === "number")
    .map((key) => `${key.replace("_tokens", "")} ${usage[key]}`)
    .join(", ");
}

/** Tool names from `tools: [{type: "function", function: {name}}]` or legacy `functions`. */
function toolNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    if (!isObject(tool)) return [];
    const fn = isObject(tool.function) ? tool.function : tool;
    return typeof fn.name === "string" ? [fn.name] : [];
  });
}
