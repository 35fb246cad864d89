import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startGoogleDouble } from "@assay/test-kit/provider-doubles/google.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startGoogleDouble();
});
afterAll(() => double.close());

describe("Gemini double (OpenAI compatibility)", () => {
  it("answers errors as a list: 403 without a key, 400 API_KEY_INVALID with a wrong one", async () => {
    const none = await postChat(double, ask("gemini-2.0-flash"), { key: null });
    expect(none.status).toBe(403);
    expect(none.json[0].error).toMatchObject({ code: 403, status: "PERMISSION_DENIED" });
    const wrong = await postChat(double, ask("gemini-2.0-flash"), { key: "AIza-wrong" });
    expect(wrong.status).toBe(400);
    expect(wrong.json[0].error.message).toBe("API key not valid. Please pass a valid API key.");
    expect(wrong.json[0].error.details[0].reason).toBe("API_KEY_INVALID");
  });

  it("answers 404 NOT_FOUND for an unknown model and refuses fields it does not know", async () => {
    const unknown = await postChat(double, ask("gemini-3.5-ultra"));
    expect(unknown.status).toBe(404);
    expect(unknown.json[0].error.status).toBe("NOT_FOUND");
    const store = await postChat(double, ask("gemini-2.0-flash", { store: false }));
    expect(store.status).toBe(400);
    expect(store.json[0].error.message).toBe(
      'Invalid JSON payload received. Unknown name "store": Cannot find field.',
    );
  });

  it("refuses max_tokens above the model's output limit", async () => {
    const res = await postChat(double, ask("gemini-2.0-flash", { max_tokens: 65_536 }));
    expect(res.status).toBe(400);
    expect(res.json[0].error.message).toBe(
      "Unable to submit request because it has a maxOutputTokens value of 65536 but the supported range is from 1 (inclusive) to 8193 (exclusive). Update the value and try again.",
    );
  });

  it("answers a 2.0 model, which does not think, within the gateway's 1,024 tokens", async () => {
    const res = await postChat(
      double,
      ask("gemini-2.0-flash", { max_tokens: 1024, temperature: 0 }),
    );
    expect(res.status).toBe(200);
    expect(res.json.choices[0]).toMatchObject({
      message: { content: DEFAULT_ANSWER },
      finish_reason: "stop",
    });
    const { prompt_tokens, completion_tokens, total_tokens } = res.json.usage;
    expect(total_tokens).toBe(prompt_tokens + completion_tokens);
  });

  it("spends 2.5's dynamic thinking from max_tokens: a small limit leaves null content, length", async () => {
    const res = await postChat(double, ask("gemini-2.5-pro", { max_tokens: 1024 }));
    expect(res.status).toBe(200);
    expect(res.json.choices[0]).toMatchObject({
      message: { content: null },
      finish_reason: "length",
    });
    // The thinking is billed (total) but not counted as completion.
    expect(res.json.usage.completion_tokens).toBe(0);
    expect(res.json.usage.total_tokens).toBe(res.json.usage.prompt_tokens + 1024);
  });

  it("maps reasoning_effort to the documented budgets and leaves room when the limit allows", async () => {
    const low = await postChat(
      double,
      ask("gemini-2.5-flash", { max_tokens: 2048, reasoning_effort: "low" }),
    );
    expect(low.json.choices[0]).toMatchObject({
      message: { content: DEFAULT_ANSWER },
      finish_reason: "stop",
    });
    expect(
      low.json.usage.total_tokens - low.json.usage.prompt_tokens - low.json.usage.completion_tokens,
    ).toBe(1024);
    const off = await postChat(
      double,
      ask("gemini-2.5-flash", { max_tokens: 64, reasoning_effort: "none" }),
    );
    expect(off.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    // Flash-Lite does not think unless asked.
    const lite = await postChat(double, ask("gemini-2.5-flash-lite", { max_tokens: 64 }));
    expect(lite.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
  });

  it("refuses turning 2.5 Pro's thinking off and mixing reasoning_effort with thinking_config", async () => {
    const off = await postChat(double, ask("gemini-2.5-pro", { reasoning_effort: "none" }));
    expect(off.status).toBe(400);
    const both = await postChat(
      double,
      ask("gemini-2.5-flash", {
        reasoning_effort: "low",
        extra_body: { google: { thinking_config: { thinking_budget: 0 } } },
      }),
    );
    expect(both.status).toBe(400);
    const budget = await postChat(
      double,
      ask("gemini-2.5-pro", { google: { thinking_config: { thinking_budget: 64 } } }),
    );
    expect(budget.status).toBe(400);
  });
});
