import { DEFAULT_ANSWER } from "@assay/test-kit/provider-doubles/core.ts";
import { startLlamaCppDouble } from "@assay/test-kit/provider-doubles/llama-cpp.ts";
import { startVllmDouble } from "@assay/test-kit/provider-doubles/vllm.ts";
import { describe, expect, it } from "vitest";
import { ask, postChat } from "./post-chat.ts";

describe("vLLM double", () => {
  it("checks the key only when started with one, and answers only its served model name", async () => {
    await using open = await startVllmDouble({ servedModel: "qwen" });
    expect((await postChat(open, ask("qwen"), { key: null })).status).toBe(200);
    const other = await postChat(open, ask("Qwen/Qwen2.5-7B"));
    expect(other.status).toBe(404);
    expect(other.json.error).toMatchObject({ type: "NotFoundError", code: 404 });

    await using locked = await startVllmDouble({ servedModel: "qwen", apiKey: "vllm-key" });
    const denied = await postChat(locked, ask("qwen"), { key: "nope" });
    expect(denied.status).toBe(401);
    expect(denied.json).toEqual({ error: "Unauthorized" });
  });

  it("ignores unknown fields but refuses a completion past max-model-len", async () => {
    await using vllm = await startVllmDouble({ servedModel: "m", maxModelLen: 2048 });
    const extra = await postChat(vllm, ask("m", { repeat_penalty: 1.1, max_tokens: 100 }));
    expect(extra.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    const long = await postChat(vllm, ask("m", { max_tokens: 4096 }));
    expect(long.status).toBe(400);
    expect(long.json.error.message).toMatch(/^This model's maximum context length is 2048 tokens/);
  });

  it("splits thinking into reasoning_content with a reasoning parser, inline without", async () => {
    await using parsed = await startVllmDouble({
      servedModel: "r1",
      thinks: true,
      reasoningParser: true,
      thinkingTokens: 50,
    });
    const res = await postChat(parsed, ask("r1", { max_tokens: 500 }));
    expect(res.json.choices[0].message).toMatchObject({ content: DEFAULT_ANSWER });
    expect(res.json.choices[0].message.reasoning_content.length).toBeGreaterThan(0);
    await using inline = await startVllmDouble({
      servedModel: "r1",
      thinks: true,
      thinkingTokens: 50,
    });
    const raw = await postChat(inline, ask("r1", { max_tokens: 500 }));
    expect(raw.json.choices[0].message.content).toMatch(/^<think>/);
  });
});

describe("llama.cpp llama-server double", () => {
  it("answers 401 authentication_error with a wrong key when started with one", async () => {
    await using server = await startLlamaCppDouble({ apiKey: "llama-key" });
    const denied = await postChat(server, ask("any"), { key: "nope" });
    expect(denied.status).toBe(401);
    expect(denied.json).toEqual({
      error: { code: 401, message: "Invalid API Key", type: "authentication_error" },
    });
  });

  it("answers n other than 1 and a missing messages field with a 500 server_error", async () => {
    await using server = await startLlamaCppDouble();
    const n = await postChat(server, ask("any", { n: 2 }));
    expect(n.status).toBe(500);
    expect(n.json.error).toEqual({
      code: 500,
      message: "Only one completion choice is allowed",
      type: "server_error",
    });
    expect((await postChat(server, { model: "any" })).status).toBe(500);
  });

  it("serves whatever model name is sent and reads n_predict, max_completion_tokens, max_tokens", async () => {
    await using server = await startLlamaCppDouble();
    const res = await postChat(server, ask("whatever", { max_tokens: 1024, mirostat: 2 }));
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    const cut = await postChat(
      server,
      ask("whatever", { max_completion_tokens: 2, max_tokens: 1024 }),
    );
    expect(cut.json.choices[0].finish_reason).toBe("length");
  });

  it("returns thinking in reasoning_content by default, inline with --reasoning-format none", async () => {
    await using parsed = await startLlamaCppDouble({ thinks: true, thinkingTokens: 40 });
    const res = await postChat(parsed, ask("r1"));
    expect(res.json.choices[0].message.content).toBe(DEFAULT_ANSWER);
    expect(res.json.choices[0].message.reasoning_content.length).toBeGreaterThan(0);
    await using inline = await startLlamaCppDouble({
      thinks: true,
      thinkingTokens: 40,
      reasoningFormat: "none",
    });
    const raw = await postChat(inline, ask("r1"));
    expect(raw.json.choices[0].message.content).toMatch(
      /^<think>[\s\S]+<\/think>\n\nThe answer is 42\.$/,
    );
  });
});
