import { readFileSync } from "node:fs";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { describe, expect, it } from "vitest";
import { withoutSharedOpening } from "./prompt-openings.ts";

/** The GSM8K prompt as the built-in benchmark renders it (server: catalog/benchmarks/gsm8k.ts). */
const GSM8K_OPENING =
  "Solve the following math problem. Think step by step, then give the final answer " +
  'as a number on the last line, in the form "#### <number>".\n\nQuestion: ';

describe("withoutSharedOpening", () => {
  it("takes the template's opening off GSM8K prompts, leaving each question", () => {
    const questions = readFileSync(GSM8K_TEST_FILE, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(0, 20)
      .map((line) => (JSON.parse(line) as { question: string }).question);
    const { texts, opening } = withoutSharedOpening(questions.map((q) => GSM8K_OPENING + q));
    expect(opening).toBe(GSM8K_OPENING);
    expect(texts).toEqual(questions);
  });

  it("cuts back to the end of a sentence or line, and leaves short or single openings alone", () => {
    const shared = "Answer in one word. Which city is the capital of ";
    expect(withoutSharedOpening([`${shared}France?`, `${shared}Italy?`])).toEqual({
      texts: ["Which city is the capital of France?", "Which city is the capital of Italy?"],
      opening: "Answer in one word. ",
    });
    // A shared question start is no opening: the question would lose its words.
    const questions = [
      "What is the capital of Kenya, in full?",
      "What is the capital of Peru, in full?",
    ];
    expect(withoutSharedOpening(questions)).toEqual({ texts: questions, opening: "" });
    // "What is the cap" is shared, but only up to "What is the " at a word boundary: too short.
    const short = ["What is the capital of France?", "What is the capacity of a bus?"];
    expect(withoutSharedOpening(short)).toEqual({ texts: short, opening: "" });
    const one = [`${GSM8K_OPENING}How many?`];
    expect(withoutSharedOpening(one)).toEqual({ texts: one, opening: "" });
    expect(withoutSharedOpening([])).toEqual({ texts: [], opening: "" });
  });
});
