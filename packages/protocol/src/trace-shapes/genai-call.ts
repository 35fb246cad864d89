import { type JsonObject, text } from "./json-values.ts";

// What the OpenTelemetry GenAI attributes of one span say about the call, with the names older
// instrumentations still write (`gen_ai.system`, `prompt_tokens`). Each side words these facts
// its own way (a judge's line, the dashboard's chips); the keys are read here once.

export interface GenAiCall {
  operation?: string;
  agent?: string;
  /** The model asked for, and the (often dated) model that answered. */
  requestedModel?: string;
  answeredModel?: string;
  provider?: string;
  /** A tool execution: the tool, its call id, arguments and result as the span carries them. */
  tool?: { name: string; callId?: string; arguments?: unknown; result?: unknown };
  /** Token counts as the attributes hold them (numbers, or strings beyond 2^53). */
  inputTokens?: unknown;
  outputTokens?: unknown;
  finishReasons: unknown[];
  errorType?: string;
}

export function readGenAiCall(attributes: JsonObject): GenAiCall {
  const call: GenAiCall = { finishReasons: [] };
  const operation = text(attributes["gen_ai.operation.name"]);
  if (operation) call.operation = operation;
  const agent = text(attributes["gen_ai.agent.name"]);
  if (agent) call.agent = agent;
  const requested = text(attributes["gen_ai.request.model"]);
  if (requested) call.requestedModel = requested;
  const answered = text(attributes["gen_ai.response.model"]);
  if (answered) call.answeredModel = answered;
  const provider = text(attributes["gen_ai.provider.name"]) ?? text(attributes["gen_ai.system"]);
  if (provider) call.provider = provider;
  const tool = text(attributes["gen_ai.tool.name"]);
  if (tool) {
    call.tool = { name: tool };
    const callId = text(attributes["gen_ai.tool.call.id"]);
    if (callId) call.tool.callId = callId;
    if (attributes["gen_ai.tool.call.arguments"] !== undefined)
      call.tool.arguments = attributes["gen_ai.tool.call.arguments"];
    if (attributes["gen_ai.tool.call.result"] !== undefined)
      call.tool.result = attributes["gen_ai.tool.call.result"];
  }
  const input = attributes["gen_ai.usage.input_tokens"] ?? attributes["gen_ai.usage.prompt_tokens"];
  if (input !== undefined) call.inputTokens = input;
  const output =
    attributes["gen_ai.usage.output_tokens"] ?? attributes["gen_ai.usage.completion_tokens"];
  if (output !== undefined) call.outputTokens = output;
  const finish = attributes["gen_ai.response.finish_reasons"];
  if (Array.isArray(finish)) call.finishReasons = finish;
  const error = text(attributes["error.type"]);
  if (error) call.errorType = error;
  return call;
}
