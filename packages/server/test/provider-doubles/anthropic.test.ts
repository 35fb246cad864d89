import { startAnthropicDouble } from "@assay/test-kit/provider-doubles/anthropic.ts";
import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startAnthropicDouble();
});
afterAll(() => double.close());

describe("Anthropic double (OpenAI SDK compatibility)", () => {
  it("refuses a missing or wrong key with 401 authentication_error in OpenAI's error shape", async () => {
    for (const key of [null, "sk-ant-wrong"]) {
      const res = await postChat(double, ask("claude-sonnet-4-5"), { key });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        error: {
          message: "invalid x-api-key",
          type: "authentication_error",
          param: null,
          code: null,
        },
      });
    }
  });

  it("answers 404 not_found_error for an unknown model", async () => {
    const res = await postChat(double, ask("claude-4-turbo"));
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({
      type: "not_found_error",
      message: "model: claude-4-turbo",
    });
  });

  it("refuses n other than 1 and max_tokens above the model's output cap", async () => {
    expect((await postChat(double, ask("claude-haiku-4-5", { n: 2 }))).status).toBe(400);
    const big = await postChat(double, ask("claude-3-haiku-20240307", { max_tokens: 8192 }));
    expect(big.status).toBe(400);
    expect(big.json.error.message).toBe(
      "max_tokens: 8192 > 4096, which is the maximum allowed number of output tokens for claude-3-haiku-20240307",
    );
    const completion = await postChat(
      double,
      ask("claude-opus-4-1", { max_completion_tokens: 64_000 }),
    );
    expect(completion.status).toBe(400);
  });

  it("accepts what the gateway sends and ignores the fields the docs mark ignored", async () => {
    const res = await postChat(
      double,
      ask("claude-opus-4-20250514", {
        max_tokens: 1024,
        temperature: 0,
        seed: 7,
        logprobs: true,
        presence_penalty: 0.5,
        reasoning_effort: "high",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: "chat.completion",
      choices: [{ message: { role: "assistant", content: DEFAULT_ANSWER }, finish_reason: "stop" }],
    });
    expect(res.json.usage.completion_tokens_details).toBeUndefined();
    expect(res.json.usage.total_tokens).toBe(
      res.json.usage.prompt_tokens + res.json.usage.completion_tokens,
    );
    // "Values greater than 1 are capped at 1": not refused.
    expect((await postChat(double, ask("claude-sonnet-4-5", { temperature: 1.7 }))).status).toBe(
      200,
    );
  });

  it("enforces extended thinking's constraints and spends the budget from max_tokens", async () => {
    const thinking = { type: "enabled", budget_tokens: 2000 };
    const hot = await postChat(
      double,
      ask("claude-sonnet-4-5", { max_tokens: 4000, temperature: 0, thinking }),
    );
    expect(hot.status).toBe(400);
    expect(hot.json.error.message).toMatch(
      /^`temperature` may only be set to 1 when thinking is enabled/,
    );
    const small = await postChat(double, ask("claude-sonnet-4-5", { max_tokens: 1024, thinking }));
    expect(small.status).toBe(400);
    const old = await postChat(
      double,
      ask("claude-3-opus-20240229", { max_tokens: 4000, thinking }),
    );
    expect(old.status).toBe(400);

    const ok = await postChat(double, ask("claude-sonnet-4-5", { max_tokens: 4000, thinking }));
    expect(ok.status).toBe(200);
    expect(ok.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(ok.json.usage.completion_tokens).toBeGreaterThan(2000);
  });
});
