import { describe, expect, it } from "vitest";
import type { ModelEndpoint } from "../../gateway/endpoint.ts";
import type { Completion, Gateway } from "../../gateway/gateway.ts";
import { ModelCallError } from "../../gateway/model-call-error.ts";
import { createJudgeCaller, createStructuredOutputMemory } from "./judge-caller.ts";
import { TRACE_VERDICT_RESPONSE_FORMAT } from "./verdict.ts";

const endpoint: ModelEndpoint = {
  url: "https://judge.example.com/v1/chat/completions",
  model: "judge-1",
  maxTokens: 512,
  trusted: true,
  prices: { input: 0.000001, output: 0.000002 },
};
const messages = [{ role: "user" as const, content: "judge this" }];

/** A gateway that answers from a script (a reply or an error per call) and records each body. */
function scriptedGateway(...script: (string | Error)[]) {
  const bodies: Record<string, unknown>[] = [];
  const gateway: Gateway = {
    async complete(_endpoint, body): Promise<Completion> {
      bodies.push(body);
      const next = script[bodies.length - 1];
      if (next === undefined) throw new Error("called too often");
      if (next instanceof Error) throw next;
      return {
        content: next,
        finishReason: "stop",
        usage: { promptTokens: 100, completionTokens: 20, reasoningTokens: 0 },
        reasoning: null,
        cost: 100 * 0.000001 + 20 * 0.000002,
        durationMs: 40,
        attempts: 1,
      };
    },
    close: async () => {},
  };
  return { gateway, bodies };
}

const refusal = () =>
  new ModelCallError("http_error", "400: response_format json_schema is not supported", {
    status: 400,
    retryable: false,
  });

describe("createJudgeCaller", () => {
  it("asks for the verdict's JSON schema and adds up usage over calls", async () => {
    const { gateway, bodies } = scriptedGateway("first", "second");
    const memory = createStructuredOutputMemory();
    const caller = createJudgeCaller({ gateway, endpoint, memory });
    expect(await caller.complete(messages)).toBe("first");
    expect(await caller.complete(messages)).toBe("second");
    expect(bodies[0]).toMatchObject({
      model: "judge-1",
      messages,
      response_format: TRACE_VERDICT_RESPONSE_FORMAT,
    });
    expect(caller.usage()).toEqual({
      promptTokens: 200,
      completionTokens: 40,
      cost: expect.closeTo(0.00028, 10),
      latencyMs: 80,
    });
  });

  it("retries without response_format after a 400 and remembers the endpoint", async () => {
    const { gateway, bodies } = scriptedGateway(refusal(), "plain", "again");
    const memory = createStructuredOutputMemory();
    const caller = createJudgeCaller({ gateway, endpoint, memory });
    expect(await caller.complete(messages)).toBe("plain");
    expect(bodies[1]).not.toHaveProperty("response_format");
    expect(memory.refused(endpoint)).toBe(true);
    // The next call (even by another caller of this process) skips the refused attempt.
    const next = createJudgeCaller({ gateway, endpoint, memory });
    expect(await next.complete(messages)).toBe("again");
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).not.toHaveProperty("response_format");
  });

  it("does not remember a 400 that also fails without response_format", async () => {
    const { gateway } = scriptedGateway(refusal(), refusal());
    const memory = createStructuredOutputMemory();
    const caller = createJudgeCaller({ gateway, endpoint, memory });
    await expect(caller.complete(messages)).rejects.toBeInstanceOf(ModelCallError);
    expect(memory.refused(endpoint)).toBe(false);
  });

  it("lets other errors through without a second call", async () => {
    const outage = new ModelCallError("server_error", "503", { status: 503, retryable: true });
    const { gateway, bodies } = scriptedGateway(outage);
    const caller = createJudgeCaller({ gateway, endpoint, memory: createStructuredOutputMemory() });
    await expect(caller.complete(messages)).rejects.toBe(outage);
    expect(bodies).toHaveLength(1);
  });

  it("leaves a response_format set by the model's extra payload alone", async () => {
    const { gateway, bodies } = scriptedGateway("ok");
    const custom = { ...endpoint, extraPayload: { response_format: { type: "text" } } };
    const caller = createJudgeCaller({
      gateway,
      endpoint: custom,
      memory: createStructuredOutputMemory(),
    });
    await caller.complete(messages);
    expect(bodies[0]!.response_format).toEqual({ type: "text" });
  });
});
