import {
  isObject,
  type JsonObject,
  OPENAI_CHAT_SECTION_KEYS,
  openAiChatRequest,
  openAiChatResponse,
  openAiToolNames,
  openAiUsageText,
  text,
} from "@assay/protocol/trace-shapes";
import { type ChatTurn, toChatTurn, toChatTurns } from "./chat-turns.ts";

// OpenAI chat-completion logs (the `openai_chat` format, recognized by
// @assay/protocol/trace-shapes), read as one conversation: the request's messages, then the answer.

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

export function readOpenAiChat(record: JsonObject): OpenAiChatView {
  const request = openAiChatRequest(record);
  const response = openAiChatResponse(record);
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
    tools: openAiToolNames(request?.tools ?? request?.functions),
    extra: Object.entries(record).filter(([key]) => !OPENAI_CHAT_SECTION_KEYS.has(key)),
  };
  const model = text(request?.model) ?? text(response?.model);
  if (model) view.model = model;
  const usage = openAiUsageText(response?.usage);
  if (usage) view.usage = usage;
  if (response && isObject(response.error))
    view.error = text(response.error.message) ?? JSON.stringify(response.error);
  return view;
}
