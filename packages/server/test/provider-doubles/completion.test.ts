import {
  countTokens,
  generate,
  inlineThinking,
  thinkingForEffort,
} from "@assay/test-kit/provider-doubles/completion.ts";
import { describe, expect, it } from "vitest";

describe("a double's generation", () => {
  const answer = "The answer is 42."; // 17 characters: 5 tokens

  it("answers in full when no limit is set or the limit leaves room", () => {
    expect(generate(answer, { thinkingTokens: 0, limit: undefined })).toMatchObject({
      content: answer,
      contentTokens: 5,
      reasoningTokens: 0,
      finishReason: "stop",
    });
    const thought = generate(answer, { thinkingTokens: 100, limit: 105 });
    expect(thought).toMatchObject({ content: answer, reasoningTokens: 100, finishReason: "stop" });
    expect(countTokens(thought.reasoning)).toBe(100);
  });

  it("spends the limit on thinking first: no room left means no answer", () => {
    const cut = generate(answer, { thinkingTokens: 100, limit: 60 });
    expect(cut).toMatchObject({
      content: "",
      reasoningTokens: 60,
      thoughtThrough: false,
      finishReason: "length",
    });
    const short = generate(answer, { thinkingTokens: 100, limit: 102 });
    expect(short).toMatchObject({ content: "The answ", contentTokens: 2, finishReason: "length" });
  });

  it("writes thinking inline as <think> tags, unclosed when the limit cut it", () => {
    expect(inlineThinking(generate(answer, { thinkingTokens: 2, limit: undefined }))).toBe(
      "<think>\nWork thr\n</think>\n\nThe answer is 42.",
    );
    expect(inlineThinking(generate(answer, { thinkingTokens: 2, limit: 1 }))).toBe("<think>\nWork");
    expect(inlineThinking(generate(answer, { thinkingTokens: 0, limit: undefined }))).toBe(answer);
  });

  it("orders thinking by effort around the default", () => {
    const efforts = ["none", "minimal", "low", "medium", "high"].map((e) =>
      thinkingForEffort(e, 2048),
    );
    expect(efforts).toEqual([0, 64, 1024, 2048, 4096]);
    expect(thinkingForEffort(undefined, 2048)).toBe(2048);
  });
});
