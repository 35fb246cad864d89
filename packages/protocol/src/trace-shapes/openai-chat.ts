import { isChatMessages } from "./chat-messages.ts";
import { isObject, type JsonObject } from "./json-values.ts";

// OpenAI chat-completion logs (the `openai_chat` format): `{request: {model, messages, tools…},
// response: {choices, usage…}}` as proxies and SDK hooks record them, a bare request (`{model,
// messages}`, also the fine-tuning format), or a bare response (`{object: "chat.completion",
// choices}`).

export function isOpenAiChat(record: JsonObject): boolean {
  if (isObject(record.request) && isChatMessages(record.request.messages)) return true;
  if (isObject(record.response) && Array.isArray(record.response.choices)) return true;
  if (isChatMessages(record.messages)) return true;
  return record.object === "chat.completion" && Array.isArray(record.choices);
}

/** The logged request (its `messages` are chat messages), if the record holds one. */
export function openAiChatRequest(record: JsonObject): JsonObject | undefined {
  if (isObject(record.request) && isChatMessages(record.request.messages)) return record.request;
  return isChatMessages(record.messages) ? record : undefined;
}

/** The logged response, if the record holds one. */
export function openAiChatResponse(record: JsonObject): JsonObject | undefined {
  if (isObject(record.response)) return record.response;
  return Array.isArray(record.choices) ? record : undefined;
}

/** Top-level keys a reader shows in their own sections; any other key is shown as it is. */
export const OPENAI_CHAT_SECTION_KEYS: ReadonlySet<string> = new Set([
  "request",
  "response",
  "messages",
  "choices",
  "model",
  "tools",
  "usage",
  "object",
]);

/** `prompt 112, completion 19, total 131`, from a response's `usage`; "" without one. */
export function openAiUsageText(usage: unknown): string {
  if (!isObject(usage)) return "";
  return ["prompt_tokens", "completion_tokens", "total_tokens"]
    .filter((key) => typeof usage[key] === "number")
    .map((key) => `${key.replace("_tokens", "")} ${usage[key]}`)
    .join(", ");
}

/** Tool names from `tools: [{type: "function", function: {name}}]` or legacy `functions`. */
export function openAiToolNames(tools: unknown): string[] {
  if (!Array.isArray(tools)) return [];
  return tools.flatMap((tool) => {
    if (!isObject(tool)) return [];
    const fn = isObject(tool.function) ? tool.function : tool;
    return typeof fn.name === "string" ? [fn.name] : [];
  });
}
