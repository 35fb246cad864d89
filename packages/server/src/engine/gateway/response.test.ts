import { describe, expect, it } from "vitest";
import { errorDetail, parseCompletion } from "./response.ts";

const completion = (message: unknown, usage?: unknown) =>
  JSON.stringify({ choices: [{ index: 0, message, finish_reason: "stop" }], usage });

describe("parseCompletion", () => {
  it("reads content, finish reason and usage (absent usage counts 0)", () => {
    expect(
      parseCompletion(
        completion({ role: "assistant", content: "4" }, { prompt_tokens: 9, completion_tokens: 1 }),
      ),
    ).toEqual({ content: "4", finishReason: "stop", promptTokens: 9, completionTokens: 1 });
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
