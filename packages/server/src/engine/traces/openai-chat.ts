import {
  contentText,
  isChatMessages,
  lastUserText,
  renderMessage,
  renderMessages,
} from "./chat.ts";
import { compact, indentRest, isObject, type JsonObject } from "./values.ts";

// OpenAI chat-completion logs: `{request: {model, messages, tools…}, response: {choices, usage…}}`
// as proxies and SDK hooks record them, a bare request (`{model, messages}`, also the fine-tuning
// format), or a bare response (`{object: "chat.completion", choices}`).

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

/** What the logged request asked: its last user message. */
export function openAiChatInput(record: JsonObject): string {
  const request = requestOf(record);
  if (!request) return "";
  return lastUserText(request.messages as JsonObject[]) ?? "";
}

/** Keys rendered in their own sections; any other top-level key is listed as compact JSON. */
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

export function renderOpenAiChat(record: JsonObject): string {
  const request = requestOf(record);
  const response = responseOf(record);
  const sections: string[] = [];
  const model = request?.model ?? response?.model;
  if (typeof model === "string") sections.push(`Model: ${model}`);
  if (request) {
    sections.push(`Conversation:\n  ${indentRest(renderMessages(request.messages as unknown[]))}`);
    const tools = toolNames(request.tools ?? request.functions);
    if (tools.length > 0) sections.push(`Tools available: ${tools.join(", ")}`);
  }
  if (response) sections.push(renderResponse(response));
  const extra = Object.entries(record).filter(([key]) => !SECTION_KEYS.has(key));
  if (extra.length > 0)
    sections.push(extra.map(([key, value]) => `${key}: ${indentRest(compact(value))}`).join("\n"));
  return sections.join("\n\n");
}

function renderResponse(response: JsonObject): string {
  const lines: string[] = [];
  const choices = Array.isArray(response.choices) ? response.choices : [];
  for (const [i, choice] of choices.entries()) {
    if (!isObject(choice)) continue;
    const label = choices.length > 1 ? `choice ${i}: ` : "";
    if (isObject(choice.message)) lines.push(label + renderMessage(choice.message));
    else if (typeof choice.text === "string") lines.push(`${label}assistant: ${choice.text}`);
    else lines.push(`${label}${compact(choice)}`);
    if (typeof choice.finish_reason === "string")
      lines.push(`finish_reason: ${choice.finish_reason}`);
  }
  if (isObject(response.error))
    lines.push(`error: ${contentText(response.error.message ?? response.error)}`);
  if (lines.length === 0) lines.push(compact(response));
  const usage = usageText(response.usage);
  return `Response:\n  ${indentRest(lines.join("\n"))}${usage ? `\n\nUsage: ${usage}` : ""}`;
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
