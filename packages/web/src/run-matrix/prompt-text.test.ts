import { describe, expect, it } from "vitest";
import { questionOf, sharedOpening } from "./prompt-text.ts";

describe("the matrix's prompt text", () => {
  const template = "Solve the following math problem step by step.\nQuestion: ";
  const prompts = [`${template}Ava has 3 apples.`, `${template}Ben has 4 pears.`];

  it("drops the opening every prompt of the page shares, to a word boundary", () => {
    const shared = sharedOpening(prompts);
    expect(shared).toBe("Solve the following math problem step by step. Question: ");
    expect(questionOf(prompts[0] as string, shared)).toBe("…Ava has 3 apples.");
  });

  it("keeps a short shared opening, and a page of one prompt, as they are", () => {
    expect(sharedOpening(["Q1: Ava has 3", "Q2: Ben has 4"])).toBe("");
    expect(sharedOpening([prompts[0] as string])).toBe("");
    expect(questionOf("Q1:  Ava\nhas 3", "")).toBe("Q1: Ava has 3");
  });
});
