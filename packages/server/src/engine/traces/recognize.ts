import type { TraceFormat } from "@assay/protocol";
import {
  isAgentEvents,
  isInputOutput,
  isOpenAiChat,
  isSpanTrace,
  type JsonObject,
} from "@assay/protocol/trace-shapes";
import { agentEventsInput } from "./agent-events.ts";
import { inputOutputInput } from "./input-output.ts";
import { jsonRecordInput } from "./json-record.ts";
import { openAiChatInput } from "./openai-chat.ts";
import { otelTraceInput } from "./otel/otel-genai.ts";
import { toInputText } from "./values.ts";

export interface RecognizedTrace {
  format: TraceFormat;
  /** The trace's input as text (a bounded preview; the record is kept whole). */
  input: string;
}

/**
 * The shape of one trace record, checked from the most specific to the least: spans grouped
 * into a trace, an OpenAI chat log, an agent run with events, `{input, output}`, else plain
 * JSON. (OTLP exports and single spans are split and grouped by trace id before this: see
 * spansOfRecord.)
 */
export function detectFormat(record: JsonObject): TraceFormat {
  if (isSpanTrace(record)) return "otel_genai";
  if (isOpenAiChat(record)) return "openai_chat";
  if (isAgentEvents(record)) return "agent_events";
  if (isInputOutput(record)) return "input_output";
  return "json";
}

const INPUT_OF: Record<TraceFormat, (record: JsonObject) => string> = {
  otel_genai: otelTraceInput,
  openai_chat: openAiChatInput,
  agent_events: agentEventsInput,
  input_output: inputOutputInput,
  json: jsonRecordInput,
};

export function recognizeTrace(record: JsonObject): RecognizedTrace {
  const format = detectFormat(record);
  return { format, input: toInputText(INPUT_OF[format](record)) };
}
