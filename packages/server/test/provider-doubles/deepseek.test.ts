import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startDeepSeekDouble } from "@assay/test-kit/provider-doubles/deepseek.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startDeepSeekDouble({ thinkingTokens: 300 });
});
afterAll(() => double.close());

describe("DeepSeek double", () => {
  it("refuses a wrong key with 401 authentication_error and an unknown model with 400", async () => {
    const wrong = await postChat(double, ask("deepseek-chat"), { key: "sk-wrong-abcd" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toEqual({
      message: "Authentication Fails, Your api key: ****abcd is invalid",
      type: "authentication_error",
      param: null,
      code: "invalid_request_error",
    });
    const model = await postChat(double, ask("deepseek-v9"));
    expect(model.status).toBe(400);
    expect(model.json.error.message).toBe("Model Not Exist");
  });

  it("refuses max_tokens outside each model's range", async () => {
    const chat = await postChat(double, ask("deepseek-chat", { max_tokens: 8193 }));
    expect(chat.status).toBe(400);
    expect(chat.json.error.message).toBe(
      "Invalid max_tokens value, the valid range of max_tokens is [1, 8192]",
    );
    expect((await postChat(double, ask("deepseek-reasoner", { max_tokens: 32_000 }))).status).toBe(
      200,
    );
  });

  it("lets the reasoner ignore temperature and top_p but refuses logprobs and replayed reasoning", async () => {
    const ignored = await postChat(
      double,
      ask("deepseek-reasoner", { temperature: 0, top_p: 0.1, max_tokens: 4000 }),
    );
    expect(ignored.status).toBe(200);
    for (const extra of [{ logprobs: true }, { top_logprobs: 3 }]) {
      expect((await postChat(double, ask("deepseek-reasoner", extra))).status).toBe(400);
    }
    const replay = await postChat(double, {
      model: "deepseek-reasoner",
      messages: [
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello", reasoning_content: "thinking" },
        { role: "user", content: "and?" },
      ],
    });
    expect(replay.status).toBe(400);
    // deepseek-chat takes logprobs.
    expect((await postChat(double, ask("deepseek-chat", { logprobs: true }))).status).toBe(200);
  });

  it("returns the reasoner's chain of thought in reasoning_content, counted in the limit", async () => {
    const res = await postChat(double, ask("deepseek-reasoner", { max_tokens: 1024 }));
    expect(res.status).toBe(200);
    const { message, finish_reason } = res.json.choices[0];
    expect(message.content).toBe(DEFAULT_ANSWER);
    expect(message.reasoning_content.length).toBeGreaterThan(0);
    expect(finish_reason).toBe("stop");
    expect(res.json.usage.completion_tokens_details.reasoning_tokens).toBe(300);

    const cut = await postChat(double, ask("deepseek-reasoner", { max_tokens: 200 }));
    expect(cut.json.choices[0]).toMatchObject({
      message: { content: "" },
      finish_reason: "length",
    });
  });
});
