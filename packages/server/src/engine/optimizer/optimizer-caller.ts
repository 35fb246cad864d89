import type { ChatMessage, ModelEndpoint } from "../gateway/endpoint.ts";
import type { Gateway } from "../gateway/gateway.ts";
import { buildRequestBody } from "../gateway/request-body.ts";
import type { JudgeUsage } from "../runners/trace-judging/index.ts";
import type { CompleteFn } from "../scorers/index.ts";

/**
 * The optimizer model behind the gateway, adding up tokens and cost. Unlike the judge caller it
 * asks for no `response_format`: its answer is a critique and a goal, read tolerantly with a
 * repair turn (candidate-reply.ts).
 */
export function createOptimizerCaller(input: {
  gateway: Gateway;
  endpoint: ModelEndpoint;
  signal?: AbortSignal;
  concurrency?: number;
}): { complete: CompleteFn; usage: () => JudgeUsage } {
  const usage: JudgeUsage = { promptTokens: 0, completionTokens: 0, cost: 0, latencyMs: 0 };
  const complete = async (messages: ChatMessage[]): Promise<string> => {
    const completion = await input.gateway.complete(
      input.endpoint,
      buildRequestBody(input.endpoint, messages),
      { signal: input.signal, concurrency: input.concurrency },
    );
    usage.promptTokens += completion.usage.promptTokens;
    usage.completionTokens += completion.usage.completionTokens;
    usage.cost += completion.cost ?? 0;
    usage.latencyMs += completion.durationMs;
    return completion.content;
  };
  return { complete, usage: () => ({ ...usage }) };
}
