import type { ChatMessage, ModelEndpoint } from "../../gateway/endpoint.ts";
import { endpointIdentity } from "../../gateway/endpoint.ts";
import type { Completion, Gateway } from "../../gateway/gateway.ts";
import { isModelCallError } from "../../gateway/model-call-error.ts";
import { buildRequestBody } from "../../gateway/request-body.ts";
import type { CompleteFn } from "../../scorers/index.ts";
import { TRACE_VERDICT_RESPONSE_FORMAT } from "./verdict.ts";

/**
 * Which endpoints refused structured output, so later calls skip the failed attempt. One per
 * worker process (the job factory owns it); forgotten on restart, which costs one extra call.
 */
export interface StructuredOutputMemory {
  refused(endpoint: ModelEndpoint): boolean;
  noteRefused(endpoint: ModelEndpoint): void;
}

export function createStructuredOutputMemory(): StructuredOutputMemory {
  const refusing = new Set<string>();
  return {
    refused: (endpoint) => refusing.has(endpointIdentity(endpoint)),
    noteRefused: (endpoint) => {
      refusing.add(endpointIdentity(endpoint));
    },
  };
}

export interface JudgeUsage {
  promptTokens: number;
  completionTokens: number;
  /** USD; 0 when the model has no prices. */
  cost: number;
  /** Summed over the successful calls (queueing and retries excluded). */
  latencyMs: number;
}

/**
 * The judge model behind the gateway, as a CompleteFn that also adds up tokens, cost and latency.
 *
 * Structured output: every call asks for the verdict's JSON schema (`response_format`), the
 * strongest guard against a judge that drifts into prose. Endpoints differ: OpenAI, Gemini,
 * Mistral, Fireworks, vLLM and Ollama honour it, Anthropic's compatibility layer ignores it, and
 * some servers refuse it with a 400. So a 400 or 422 answered to a request that carried it is
 * retried once without it, and when that works the endpoint is remembered as refusing. The
 * verdict reader is tolerant either way (fences, prose around the JSON). A model's
 * `extra_payload` that sets `response_format` itself (e.g. `{"type": "text"}` to opt out) wins.
 */
export function createJudgeCaller(input: {
  gateway: Gateway;
  endpoint: ModelEndpoint;
  memory: StructuredOutputMemory;
  signal?: AbortSignal;
  /** The gateway's concurrency ceiling for this endpoint. */
  concurrency?: number;
}): { complete: CompleteFn; usage: () => JudgeUsage } {
  const { gateway, endpoint, memory } = input;
  const options = { signal: input.signal, concurrency: input.concurrency };
  const usage: JudgeUsage = { promptTokens: 0, completionTokens: 0, cost: 0, latencyMs: 0 };

  const record = (completion: Completion): string => {
    usage.promptTokens += completion.usage.promptTokens;
    usage.completionTokens += completion.usage.completionTokens;
    usage.cost += completion.cost ?? 0;
    usage.latencyMs += completion.durationMs;
    return completion.content;
  };

  const complete = async (messages: ChatMessage[]): Promise<string> => {
    const body = buildRequestBody(endpoint, messages);
    if ("response_format" in body || memory.refused(endpoint))
      return record(await gateway.complete(endpoint, body, options));
    try {
      return record(
        await gateway.complete(
          endpoint,
          { ...body, response_format: TRACE_VERDICT_RESPONSE_FORMAT },
          options,
        ),
      );
    } catch (error) {
      if (!refusesStructuredOutput(error)) throw error;
      const completion = await gateway.complete(endpoint, body, options);
      memory.noteRefused(endpoint);
      return record(completion);
    }
  };

  return { complete, usage: () => ({ ...usage }) };
}

/** A 400 or 422: the endpoint may not know `response_format` (or this schema form of it). */
function refusesStructuredOutput(error: unknown): boolean {
  return (
    isModelCallError(error) &&
    error.code === "http_error" &&
    (error.status === 400 || error.status === 422)
  );
}
