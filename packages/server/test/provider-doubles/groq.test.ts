import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startGroqDouble } from "@assay/test-kit/provider-doubles/groq.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startGroqDouble({ thinkingTokens: 200 });
});
afterAll(() => double.close());

describe("Groq double", () => {
  it("refuses a wrong key with 401 invalid_api_key and an unknown model with 404", async () => {
    const wrong = await postChat(double, ask("llama-3.3-70b-versatile"), { key: "gsk_wrong" });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      error: { message: "Invalid API Key", type: "invalid_request_error", code: "invalid_api_key" },
    });
    const model = await postChat(double, ask("llama-3.1-405b-reasoning"));
    expect(model.status).toBe(404);
    expect(model.json.error.code).toBe("model_not_found");
  });

  it("refuses the fields its compatibility page lists: logprobs, logit_bias, top_logprobs, n, name", async () => {
    for (const extra of [
      { logprobs: true },
      { logit_bias: { "1": 2 } },
      { top_logprobs: 2 },
      { n: 2 },
    ]) {
      expect((await postChat(double, ask("llama-3.3-70b-versatile", extra))).status).toBe(400);
    }
    const named = await postChat(double, {
      model: "llama-3.3-70b-versatile",
      messages: [{ role: "user", content: "hi", name: "ann" }],
    });
    expect(named.status).toBe(400);
    expect(named.json.error.message).toContain("property 'name' is unsupported");
  });

  it("accepts temperature 0 and answers the non-reasoning models plainly", async () => {
    const res = await postChat(
      double,
      ask("moonshotai/kimi-k2-instruct-0905", { max_tokens: 1024, temperature: 0 }),
    );
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message).toEqual({ role: "assistant", content: DEFAULT_ANSWER });
  });

  it("returns qwen3's thinking in <think> tags by default, parsed or hidden on request", async () => {
    const raw = await postChat(double, ask("qwen/qwen3-32b", { max_tokens: 1024 }));
    expect(raw.json.choices[0].message.content).toMatch(
      /^<think>\n[\s\S]+\n<\/think>\n\nThe answer is 42\.$/,
    );
    const parsed = await postChat(double, ask("qwen/qwen3-32b", { reasoning_format: "parsed" }));
    expect(parsed.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(parsed.json.choices[0].message.reasoning.length).toBeGreaterThan(0);
    const none = await postChat(
      double,
      ask("qwen/qwen3-32b", { reasoning_effort: "none", max_tokens: 20 }),
    );
    expect(none.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
  });

  it("keeps reasoning_effort and reasoning_format to the models that take them", async () => {
    expect(
      (await postChat(double, ask("qwen/qwen3-32b", { reasoning_effort: "high" }))).status,
    ).toBe(400);
    expect(
      (await postChat(double, ask("openai/gpt-oss-20b", { reasoning_effort: "none" }))).status,
    ).toBe(400);
    expect(
      (await postChat(double, ask("llama-3.3-70b-versatile", { reasoning_effort: "low" }))).status,
    ).toBe(400);
    expect(
      (await postChat(double, ask("openai/gpt-oss-120b", { reasoning_format: "parsed" }))).status,
    ).toBe(400);
    const both = await postChat(
      double,
      ask("qwen/qwen3-32b", { reasoning_format: "parsed", include_reasoning: true }),
    );
    expect(both.json.error.message).toBe(
      "cannot specify both 'include_reasoning' and 'reasoning_format'",
    );
  });

  it("returns gpt-oss reasoning in message.reasoning, spent from max_completion_tokens", async () => {
    const res = await postChat(
      double,
      ask("openai/gpt-oss-120b", { max_completion_tokens: 1024, reasoning_effort: "low" }),
    );
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(res.json.choices[0].message.reasoning.length).toBeGreaterThan(0);
    const cut = await postChat(double, ask("openai/gpt-oss-20b", { max_completion_tokens: 150 }));
    expect(cut.json.choices[0]).toMatchObject({
      message: { content: "" },
      finish_reason: "length",
    });
  });
});
