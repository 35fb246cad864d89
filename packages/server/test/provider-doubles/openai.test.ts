import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startOpenAIDouble } from "@assay/test-kit/provider-doubles/openai.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startOpenAIDouble();
});
afterAll(() => double.close());

describe("OpenAI double: authentication and shape", () => {
  it("refuses a request without a key and one with a wrong key with 401", async () => {
    const none = await postChat(double, ask("gpt-4o"), { key: null });
    expect(none.status).toBe(401);
    expect(none.json.error).toMatchObject({ type: "invalid_request_error", code: null });
    expect(none.json.error.message).toMatch(/You didn't provide an API key/);

    const wrong = await postChat(double, ask("gpt-4o"), { key: "sk-wrong-key-123456" });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe("invalid_api_key");
    expect(wrong.json.error.message).not.toContain("sk-wrong-key-123456");
  });

  it("answers 404 model_not_found for a model it does not serve", async () => {
    const res = await postChat(double, ask("gpt-9"));
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({
      code: "model_not_found",
      type: "invalid_request_error",
    });
  });

  it("refuses missing or empty messages and fields outside the API", async () => {
    expect((await postChat(double, { model: "gpt-4o" })).json.error.code).toBe(
      "missing_required_parameter",
    );
    expect((await postChat(double, { model: "gpt-4o", messages: [] })).json.error.code).toBe(
      "empty_array",
    );
    const extra = await postChat(double, ask("gpt-4o", { thinking: { type: "enabled" } }));
    expect(extra.status).toBe(400);
    expect(extra.json.error.message).toBe("Unrecognized request argument supplied: thinking");
  });

  it("answers a chat model's documented request with a chat.completion and usage", async () => {
    const res = await postChat(double, ask("gpt-4o", { max_tokens: 1024, temperature: 0 }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: "chat.completion",
      model: "gpt-4o",
      choices: [{ message: { role: "assistant", content: DEFAULT_ANSWER }, finish_reason: "stop" }],
    });
    const { prompt_tokens, completion_tokens, total_tokens } = res.json.usage;
    expect(completion_tokens).toBeGreaterThan(0);
    expect(total_tokens).toBe(prompt_tokens + completion_tokens);
    expect(res.json.usage.completion_tokens_details).toBeUndefined();
  });

  it("refuses reasoning_effort on a chat model and limits above its output cap", async () => {
    const effort = await postChat(double, ask("gpt-4o-mini", { reasoning_effort: "low" }));
    expect(effort.status).toBe(400);
    expect(effort.json.error.message).toBe(
      "Unrecognized request argument supplied: reasoning_effort",
    );

    const big = await postChat(double, ask("gpt-3.5-turbo", { max_tokens: 8192 }));
    expect(big.status).toBe(400);
    expect(big.json.error.message).toBe(
      "max_tokens is too large: 8192. This model supports at most 4096 completion tokens, whereas you provided 8192.",
    );
  });
});

describe("OpenAI double: reasoning models", () => {
  it.each(["o3", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5-nano"])(
    "refuses what Assay's gateway sends today to %s: max_tokens, then temperature 0",
    async (model) => {
      const sent = await postChat(double, ask(model, { max_tokens: 1024, temperature: 0 }));
      expect(sent.status).toBe(400);
      expect(sent.json).toEqual({
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: "invalid_request_error",
          param: "max_tokens",
          code: "unsupported_parameter",
        },
      });
      const temperature = await postChat(
        double,
        ask(model, { max_completion_tokens: 1024, temperature: 0 }),
      );
      expect(temperature.status).toBe(400);
      expect(temperature.json.error).toMatchObject({
        message:
          "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
        param: "temperature",
        code: "unsupported_value",
      });
    },
  );

  it("accepts temperature 1, refuses top_p and penalties", async () => {
    expect((await postChat(double, ask("o3", { temperature: 1 }))).status).toBe(200);
    expect((await postChat(double, ask("o3", { top_p: 0.5 }))).json.error.param).toBe("top_p");
    const penalty = await postChat(double, ask("gpt-5", { presence_penalty: 0.1 }));
    expect(penalty.json.error).toMatchObject({
      param: "presence_penalty",
      code: "unsupported_parameter",
    });
  });

  it("takes the efforts each model documents and refuses the others", async () => {
    const minimalOnO3 = await postChat(double, ask("o3", { reasoning_effort: "minimal" }));
    expect(minimalOnO3.status).toBe(400);
    expect(minimalOnO3.json.error.message).toBe(
      "Unsupported value: 'reasoning_effort' does not support 'minimal' with this model. Supported values are: 'low', 'medium', and 'high'.",
    );
    const noneOnGpt5 = await postChat(double, ask("gpt-5-nano", { reasoning_effort: "none" }));
    expect(noneOnGpt5.json.error.code).toBe("unsupported_value");
    expect((await postChat(double, ask("gpt-5", { reasoning_effort: "minimal" }))).status).toBe(
      200,
    );
    expect((await postChat(double, ask("o4-mini", { reasoning_effort: "high" }))).status).toBe(200);
  });

  it("counts reasoning inside completion_tokens and reports it in completion_tokens_details", async () => {
    const res = await postChat(
      double,
      ask("o4-mini", { max_completion_tokens: 8000, reasoning_effort: "low" }),
    );
    expect(res.status).toBe(200);
    const { usage, choices } = res.json;
    expect(choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(usage.completion_tokens_details.reasoning_tokens).toBe(1024);
    expect(usage.completion_tokens).toBeGreaterThan(
      usage.completion_tokens_details.reasoning_tokens,
    );
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(choices[0].message.reasoning).toBeUndefined();
  });

  it("answers empty content with finish_reason length when reasoning uses the whole limit", async () => {
    const res = await postChat(double, ask("gpt-5", { max_completion_tokens: 1024 }));
    expect(res.status).toBe(200);
    expect(res.json.choices[0]).toMatchObject({
      message: { content: "" },
      finish_reason: "length",
    });
    expect(res.json.usage.completion_tokens).toBe(1024);
  });
});
