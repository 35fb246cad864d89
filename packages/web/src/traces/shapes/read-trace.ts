import type { TraceFormat } from "@assay/protocol";
import {
  isAgentEvents,
  isInputOutput,
  isOpenAiChat,
  isSpanTrace,
  type JsonObject,
} from "@assay/protocol/trace-shapes";
import { type AgentRunView, readAgentRun } from "./agent-events.ts";
import { type InputOutputView, readInputOutput } from "./input-output.ts";
import { type OpenAiChatView, readOpenAiChat } from "./openai-chat.ts";
import { readSpanTree, type SpanTreeView } from "./span-tree.ts";

/** A trace ready to be shown: the shape the server recognized, read for a person. */
export type TraceView =
  | { format: "openai_chat"; chat: OpenAiChatView }
  | { format: "otel_genai"; tree: SpanTreeView }
  | { format: "agent_events"; run: AgentRunView }
  | { format: "input_output"; exchange: InputOutputView }
  | { format: "json" };

/**
 * The server stores the shape it recognized (`format`); data that does not have that shape
 * after all (a hand-edited row) is shown as plain JSON rather than misread.
 */
export function readTrace(data: JsonObject, format: TraceFormat): TraceView {
  if (format === "openai_chat" && isOpenAiChat(data)) return { format, chat: readOpenAiChat(data) };
  if (format === "otel_genai" && isSpanTrace(data)) return { format, tree: readSpanTree(data) };
  if (format === "agent_events" && isAgentEvents(data)) return { format, run: readAgentRun(data) };
  if (format === "input_output" && isInputOutput(data))
    return { format, exchange: readInputOutput(data) };
  return { format: "json" };
}
