import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startTogetherDouble } from "@assay/test-kit/provider-doubles/together.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startTogetherDouble({ thinkingTokens: 100 });
});
afterAll(() => double.close());

describe("Together double", () => {
  it("refuses a wrong key with 401 and an unknown model with 404 model_not_found", async () => {
    expect(
      (await postChat(double, ask("Qwen/Qwen2.5-7B-Instruct-Turbo"), { key: null })).status,
    ).toBe(401);
    const model = await postChat(double, ask("togethercomputer/evo-1-131k-base"));
    expect(model.status).toBe(404);
    expect(model.json.error).toMatchObject({
      code: "model_not_found",
      type: "invalid_request_error",
    });
  });

  it("answers the chat models plainly", async () => {
    const res = await postChat(
      double,
      ask("meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo", { max_tokens: 1024, temperature: 0 }),
    );
    expect(res.status).toBe(200);
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
  });

  it("returns DeepSeek-R1's thinking inline in <think> tags, spent from max_tokens", async () => {
    const res = await postChat(double, ask("deepseek-ai/DeepSeek-R1", { max_tokens: 1024 }));
    expect(res.json.choices[0].message.content).toMatch(
      /^<think>\n[\s\S]+<\/think>\n\nThe answer is 42\.$/,
    );
    const cut = await postChat(double, ask("deepseek-ai/DeepSeek-R1", { max_tokens: 50 }));
    expect(cut.json.choices[0].finish_reason).toBe("length");
    expect(cut.json.choices[0].message.content).not.toContain(DEFAULT_ANSWER);
  });
});
