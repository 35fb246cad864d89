// What a stored trace's `format` field (traces.ts: `otel_genai`, `openai_chat`, `agent_events`,
// `input_output`, `json`) means in its data: the readers the server (to recognize a record and
// render it for a judge) and the dashboard (to show it to a person) both use. Also an entry
// point of its own (`@assay/protocol/trace-shapes`): pure functions over parsed JSON, no zod,
// so the server's import threads load them without the schemas.
export {
  AGENT_HEADER_KEYS,
  agentEventBody,
  agentEventType,
  agentEventTypeKey,
  agentRunHeader,
  isAgentEvents,
} from "./agent-events.ts";
export { isChatMessages, isUserMessage } from "./chat-messages.ts";
export { embeddedJson, MAX_EMBEDDED_DEPTH, textNestsDeeperThan } from "./embedded-json.ts";
export { type GenAiCall, readGenAiCall } from "./genai-call.ts";
export {
  completionMessages,
  promptMessages,
  type SpanEvent,
  spanEvents,
} from "./genai-messages.ts";
export { isInputOutput } from "./input-output.ts";
export { compact, firstText, isObject, type JsonObject, text } from "./json-values.ts";
export {
  isOpenAiChat,
  OPENAI_CHAT_SECTION_KEYS,
  openAiChatRequest,
  openAiChatResponse,
  openAiToolNames,
  openAiUsageText,
} from "./openai-chat.ts";
export { anyValue, attributesOf } from "./otel-attributes.ts";
export { isSpan, isSpanTrace, spanStatusError, spanTime } from "./otel-spans.ts";
