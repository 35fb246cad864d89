import type { ChatMessage, ModelEndpoint } from "@assay/server/src/engine/gateway/endpoint.ts";
import type { Completion, Gateway } from "@assay/server/src/engine/gateway/gateway.ts";
import { cancelledError } from "@assay/server/src/engine/gateway/model-call-error.ts";

/** One call as the scripted gateway saw it. */
export interface ScriptedCall {
  model: string;
  messages: ChatMessage[];
  signal: AbortSignal | undefined;
}

/**
 * A gateway whose answers a test scripts: `answer` gets each call and returns the reply text (or
 * throws, e.g. a ModelCallError). Unit tests of the runners use it in place of real endpoints.
 */
export function createScriptedGateway(
  answer: (call: ScriptedCall) => string | Promise<string>,
): Pick<Gateway, "complete"> & { calls: ScriptedCall[] } {
  const calls: ScriptedCall[] = [];
  return {
    calls,
    async complete(endpoint: ModelEndpoint, body, options): Promise<Completion> {
      const call = {
        model: endpoint.model,
        messages: body.messages as ChatMessage[],
        signal: options?.signal,
      };
      calls.push(call);
      const content = await answer(call);
      return {
        content,
        finishReason: "stop",
        usage: { promptTokens: 10, completionTokens: 2, reasoningTokens: 0 },
        reasoning: null,
        cost: null,
        durationMs: 1,
        attempts: 1,
      };
    },
  };
}

/** Never answers: rejects as the real gateway does once the call's signal aborts. */
export function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (signal === undefined) return;
    if (signal.aborted) reject(cancelledError());
    else signal.addEventListener("abort", () => reject(cancelledError()), { once: true });
  });
}

/** A model endpoint for unit tests; nothing is called at its URL. */
export const testEndpoint = (model: string): ModelEndpoint => ({
  url: `http://model.test/${model}/chat/completions`,
  model,
  maxTokens: 64,
  trusted: true,
});
