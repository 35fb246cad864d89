import { DEFAULT_ANSWER, type ProviderDouble } from "@assay/test-kit/provider-doubles/core.ts";
import { startOllamaDouble } from "@assay/test-kit/provider-doubles/ollama.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

let double: ProviderDouble;
beforeAll(async () => {
  double = await startOllamaDouble({ thinkingTokens: 200 });
});
afterAll(() => double.close());

describe("Ollama double", () => {
  it("ignores keys, serves pulled models by name or name:latest, 404 for others", async () => {
    expect((await postChat(double, ask("llama3.2"), { key: null })).status).toBe(200);
    expect((await postChat(double, ask("llama3.2:latest"), { key: "anything" })).status).toBe(200);
    const missing = await postChat(double, ask("llama3"));
    expect(missing.status).toBe(404);
    expect(missing.json.error).toEqual({
      message: 'model "llama3" not found, try pulling it first',
      type: "not_found_error",
      param: null,
      code: null,
    });
  });

  it("refuses empty messages and reasoning values it does not know", async () => {
    const empty = await postChat(double, { model: "gemma3", messages: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("[] is too short - 'messages'");
    const effort = await postChat(double, ask("gpt-oss:20b", { reasoning_effort: "minimal" }));
    expect(effort.status).toBe(400);
    expect(effort.json.error.message).toBe(
      `invalid reasoning value: 'minimal' (must be "high", "medium", "low", or "none")`,
    );
  });

  it("limits with max_tokens, ignores max_completion_tokens", async () => {
    const limited = await postChat(double, ask("mistral", { max_tokens: 2 }));
    expect(limited.json.choices[0].finish_reason).toBe("length");
    const ignored = await postChat(double, ask("mistral", { max_completion_tokens: 2 }));
    expect(ignored.json.choices[0]).toMatchObject({
      message: { content: DEFAULT_ANSWER },
      finish_reason: "stop",
    });
  });

  it("returns gpt-oss thinking in message.reasoning, spent from max_tokens", async () => {
    const res = await postChat(double, ask("gpt-oss:20b", { max_tokens: 1024, temperature: 0 }));
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(res.json.choices[0].message.reasoning.length).toBeGreaterThan(0);
    expect(res.json.system_fingerprint).toBe("fp_ollama");
    const cut = await postChat(double, ask("gpt-oss:20b", { max_tokens: 50 }));
    expect(cut.json.choices[0]).toMatchObject({
      message: { content: "" },
      finish_reason: "length",
    });
  });
});
