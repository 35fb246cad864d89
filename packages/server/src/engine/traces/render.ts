import type { TraceFormat } from "@assay/protocol";
import {
  isAgentEvents,
  isInputOutput,
  isOpenAiChat,
  isSpanTrace,
  type JsonObject,
} from "@assay/protocol/trace-shapes";
import { renderAgentEvents } from "./agent-events.ts";
import { renderInputOutput } from "./input-output.ts";
import { renderJsonRecord } from "./json-record.ts";
import { renderOpenAiChat } from "./openai-chat.ts";
import { renderOtelTrace } from "./otel/otel-genai.ts";

const RENDERERS: Record<
  TraceFormat,
  { matches: (data: JsonObject) => boolean; render: (data: JsonObject) => string }
> = {
  otel_genai: { matches: isSpanTrace, render: renderOtelTrace },
  openai_chat: { matches: isOpenAiChat, render: renderOpenAiChat },
  agent_events: { matches: isAgentEvents, render: renderAgentEvents },
  input_output: { matches: isInputOutput, render: renderInputOutput },
  json: { matches: () => true, render: renderJsonRecord },
};

/**
 * A trace as text for an LLM judge: compact, with who said what (roles), tool calls and their
 * results, models and token usage visible. Data that does not have the shape its format names
 * is shown as JSON. There is no length limit here: the caller fits the text into its budget.
 */
export function renderTraceForJudge(data: Record<string, unknown>, format: TraceFormat): string {
  const renderer = RENDERERS[format] ?? RENDERERS.json;
  return renderer.matches(data) ? renderer.render(data) : renderJsonRecord(data);
}
