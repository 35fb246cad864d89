import {
  compact,
  isObject,
  type JsonObject,
  OPENAI_CHAT_SECTION_KEYS,
  openAiChatRequest,
  openAiChatResponse,
  openAiToolNames,
  openAiUsageText,
} from "@assay/protocol/trace-shapes";
import { contentText, lastUserText, renderMessage, renderMessages } from "./chat.ts";
import { indentRest } from "./values.ts";

// OpenAI chat-completion logs (the `openai_chat` format, read by @assay/protocol/trace-shapes):
// what the logged request asked, and the log as text for a judge.

/** What the logged request asked: its last user message. */
export function openAiChatInput(record: JsonObject): string {
  const request = openAiChatRequest(record);
  if (!request) return "";
  return lastUserText(request.messages as JsonObject[]) ?? "";
}

export function renderOpenAiChat(record: JsonObject): string {
  const request = openAiChatRequest(record);
  const response = openAiChatResponse(record);
  const sections: string[] = [];
  const model = request?.model ?? response?.model;
  if (typeof model === "string") sections.push(`Model: ${model}`);
  if (request) {
    sections.push(`Conversation:\n  ${indentRest(renderMessages(request.messages as unknown[]))}`);
    const tools = openAiToolNames(request.tools ?? request.functions);
    if (tools.length > 0) sections.push(`Tools available: ${tools.join(", ")}`);
  }
  if (response) sections.push(renderResponse(response));
  const extra = Object.entries(record).filter(([key]) => !OPENAI_CHAT_SECTION_KEYS.has(key));
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
  const usage = openAiUsageText(response.usage);
  return `Response:\n  ${indentRest(lines.join("\n"))}${usage ? `\n\nUsage: ${usage}` : ""}`;
}
