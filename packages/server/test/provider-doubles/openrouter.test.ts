import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startOpenRouterDouble } from "@assay/test-kit/provider-doubles/openrouter.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startOpenRouterDouble({ thinkingTokens: 300 });
});
afterAll(() => double.close());

describe("OpenRouter double", () => {
  it("answers its error shape: 401 without credentials, 400 for an invalid model ID", async () => {
    const none = await postChat(double, ask("amazon/nova-pro-v1"), { key: null });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ error: { message: "No auth credentials found", code: 401 } });
    const model = await postChat(double, ask("claude-sonnet-4-6"));
    expect(model.status).toBe(400);
    expect(model.json).toEqual({
      error: { message: "claude-sonnet-4-6 is not a valid model ID", code: 400 },
    });
  });

  it("ignores parameters a model does not support", async () => {
    const res = await postChat(
      double,
      ask("cohere/command-r-plus-08-2024", {
        logit_bias: { "1": 1 },
        top_k: 3,
        max_tokens: 1024,
        temperature: 0,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
  });

  it("returns qwen3's thinking in message.reasoning, excluded on request", async () => {
    const res = await postChat(double, ask("qwen/qwen3-235b-a22b", { max_tokens: 1024 }));
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(res.json.choices[0].message.reasoning.length).toBeGreaterThan(0);
    expect(res.json.usage.completion_tokens_details.reasoning_tokens).toBe(300);
    const excluded = await postChat(
      double,
      ask("qwen/qwen3-235b-a22b", { reasoning: { exclude: true } }),
    );
    expect(excluded.json.choices[0].message.reasoning).toBeNull();
  });

  it("budgets effort as a share of max_tokens and refuses effort together with max_tokens", async () => {
    const high = await postChat(
      double,
      ask("x-ai/grok-4", { max_tokens: 1000, reasoning: { effort: "high" } }),
    );
    expect(high.json.usage.completion_tokens_details.reasoning_tokens).toBe(800);
    expect(high.json.choices[0].message).toMatchObject({
      content: DEFAULT_ANSWER,
      reasoning: null,
    });
    const both = await postChat(
      double,
      ask("x-ai/grok-4", { reasoning: { effort: "low", max_tokens: 100 } }),
    );
    expect(both.status).toBe(400);
  });

  it("lets hidden reasoning use up a small limit", async () => {
    const res = await postChat(double, ask("x-ai/grok-4", { max_tokens: 200 }));
    expect(res.json.choices[0]).toMatchObject({
      message: { content: "" },
      finish_reason: "length",
    });
  });
});
