import { describe, expect, it } from "vitest";
import { REQUEST_PROFILES } from "./profiles/index.ts";
import { errorDetail, parseCompletion } from "./response.ts";

const completion = (message: unknown, usage?: unknown) =>
  JSON.stringify({ choices: [{ index: 0, message, finish_reason: "stop" }], usage });

describe("parseCompletion", () => {
  it("reads content, finish reason and usage (absent usage counts 0)", () => {
    expect(
      parseCompletion(
        completion({ role: "assistant", content: "4" }, { prompt_tokens: 9, completion_tokens: 1 }),
      ),
    ).toEqual({
      content: "4",
      reasoning: null,
      finishReason: "stop",
      promptTokens: 9,
      completionTokens: 1,
      reasoningTokens: 0,
    });
    expect(parseCompletion(completion({ content: "4" }))).toMatchObject({
      promptTokens: 0,
      completionTokens: 0,
    });
  });

  it("makes an answer with NUL or a lone surrogate storable, the same on every database", () => {
    const answer = parseCompletion(completion({ content: "4\u0000 \ud800 😀" })).content;
    expect(answer).toBe("4\ufffd \ufffd 😀");
  });

  it("joins text content parts", () => {
    const parts = [{ type: "text", text: "a" }, { type: "image_url" }, { type: "text", text: "b" }];
    expect(parseCompletion(completion({ content: parts })).content).toBe("ab");
  });

  it("refuses garbage as retryable and null content as final", () => {
    expect(() => parseCompletion("<html>")).toThrow(
      expect.objectContaining({ code: "bad_response", retryable: true }),
    );
    expect(() => parseCompletion('{"choices": [')).toThrow(
      expect.objectContaining({ retryable: true }),
    );
    expect(() => parseCompletion('{"choices": []}')).toThrow(
      expect.objectContaining({ retryable: true }),
    );
    expect(() => parseCompletion('{"error": {"message": "upstream overloaded"}}')).toThrow(
      "the model endpoint answered without choices: upstream overloaded",
    );
    expect(() => parseCompletion(completion({ content: null }))).toThrow(
      expect.objectContaining({ code: "bad_response", retryable: false }),
    );
  });
});

describe("parseCompletion of reasoning models", () => {
  const answer = (message: unknown, finishReason = "stop", usage?: unknown) =>
    JSON.stringify({ choices: [{ index: 0, message, finish_reason: finishReason }], usage });
  const reading = (name: keyof typeof REQUEST_PROFILES) => REQUEST_PROFILES[name];

  it("counts reasoning tokens from usage's completion details (part of completion tokens)", () => {
    const usage = {
      prompt_tokens: 20,
      completion_tokens: 300,
      completion_tokens_details: { reasoning_tokens: 256 },
    };
    expect(
      parseCompletion(
        answer({ content: "42" }, "stop", usage),
        undefined,
        reading("openai-o-series"),
      ),
    ).toMatchObject({
      content: "42",
      reasoning: null,
      completionTokens: 300,
      reasoningTokens: 256,
    });
  });

  it("counts thinking that Gemini's usage leaves out of completion tokens, as billed output", () => {
    const usage = { prompt_tokens: 20, completion_tokens: 424, total_tokens: 1016 };
    expect(
      parseCompletion(
        answer({ content: "42" }, "stop", usage),
        undefined,
        reading("gemini-thinking"),
      ),
    ).toMatchObject({ promptTokens: 20, completionTokens: 996, reasoningTokens: 572 });
    // Elsewhere the total is not read: OpenAI's is prompt + completion by definition.
    expect(
      parseCompletion(answer({ content: "42" }, "stop", usage), undefined, reading("openai-chat")),
    ).toMatchObject({ completionTokens: 424, reasoningTokens: 0 });
  });

  it("reads reasoning from the field its family uses, never into the scored content", () => {
    const deepseek = answer({ content: "42", reasoning_content: "6 times 7" });
    expect(parseCompletion(deepseek, undefined, reading("deepseek-reasoner"))).toMatchObject({
      content: "42",
      reasoning: "6 times 7",
    });
    const groq = answer({ content: "42", reasoning: "6 times 7" });
    expect(parseCompletion(groq, undefined, reading("groq-gpt-oss")).reasoning).toBe("6 times 7");
    // A family that returns none ignores a field it does not send.
    expect(parseCompletion(groq, undefined, reading("openai-chat")).reasoning).toBeNull();
  });

  it("splits leading <think> tags from the answer where the family writes them", () => {
    const raw = answer({ content: "<think>\n6 times 7\n</think>\n\nThe answer is 42" });
    expect(parseCompletion(raw, undefined, reading("groq-qwen3"))).toMatchObject({
      content: "The answer is 42",
      reasoning: "6 times 7",
    });
    expect(parseCompletion(raw, undefined, reading("openai-chat")).content).toContain("<think>");
  });

  it("reports an answer cut at the limit before any content as an error, never as empty", () => {
    const spent = answer({ content: "" }, "length", {
      completion_tokens: 1024,
      completion_tokens_details: { reasoning_tokens: 1024 },
    });
    expect(() => parseCompletion(spent, undefined, reading("gemini-thinking"))).toThrow(
      expect.objectContaining({
        code: "bad_response",
        retryable: false,
        message: expect.stringContaining("spent its whole token limit reasoning (1024"),
      }),
    );
    const thinking = answer({ content: "<think>still going" }, "length");
    expect(() => parseCompletion(thinking, undefined, reading("llama-cpp"))).toThrow(/reasoning/);
    expect(() => parseCompletion(answer({ content: null }, "length"))).toThrow(
      "the model reached its token limit before giving any answer: raise max_tokens",
    );
    // Cut after some answer: that answer is scored as it is.
    expect(parseCompletion(answer({ content: "The answer" }, "length")).content).toBe("The answer");
  });
});

describe("errorDetail", () => {
  it("prefers error.message, trims to 300 characters and blanks the key", () => {
    expect(errorDetail('{"error": {"message": "model  not\\n found"}}')).toBe("model not found");
    expect(errorDetail('{"error": "bad"}')).toBe("bad");
    expect(errorDetail('{"detail": "Not Found"}')).toBe("Not Found");
    expect(errorDetail("")).toBeUndefined();
    const long = errorDetail("x".repeat(1000));
    expect(long).toHaveLength(301);
    expect(errorDetail("key sk-abc was wrong", "sk-abc")).toBe("key [redacted] was wrong");
  });
});
