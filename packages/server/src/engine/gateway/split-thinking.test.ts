import { describe, expect, it } from "vitest";
import { splitThinking } from "./split-thinking.ts";

describe("splitThinking", () => {
  it("takes a leading <think> block as reasoning, and the rest as the answer", () => {
    expect(splitThinking("<think>\nsix sevens\n</think>\n\n42")).toEqual({
      thinking: "six sevens",
      answer: "42",
    });
    expect(splitThinking("  <think></think>42")).toEqual({ thinking: "", answer: "42" });
  });

  it("leaves an answer alone when the tag is not at its start", () => {
    expect(splitThinking("I <think> it is 42")).toEqual({
      thinking: null,
      answer: "I <think> it is 42",
    });
    expect(splitThinking("42")).toEqual({ thinking: null, answer: "42" });
  });

  it("takes an unclosed block (cut while thinking) as reasoning with no answer", () => {
    expect(splitThinking("<think>six sev")).toEqual({ thinking: "six sev", answer: "" });
  });
});
