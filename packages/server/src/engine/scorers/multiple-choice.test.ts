import { describe, expect, it } from "vitest";
import {
  findChosenLetter,
  multipleChoice,
  parseOptionLetter,
  validLetters,
} from "./multiple-choice.ts";

const AD = "\\b([A-D])\\b";

const chosen = (response: string, pattern: string | null = AD) =>
  multipleChoice({ response, truth: "A", prompt: "", regexPattern: pattern }).extracted;

describe("multiple choice scorer", () => {
  it.each([
    ["The answer is (C).", "C"],
    ["Answer: b", "B"],
    ["**D**", "D"],
    ["B.", "B"],
    ["B) Paris", "B"],
    ["(b)", "B"],
    ["c", "C"],
    ["Let me think.\nParis is the capital of France.\nC", "C"],
    ["A train leaves at 3pm and arrives at 5pm, so the answer is B", "B"],
    ["A train leaves at 3pm and arrives at 5pm, so B.", "B"],
    ["I think it's C) Paris", "C"],
    ["The correct answer is: **B**", "B"],
    ["Final answer: $\\boxed{D}$", "D"],
    ["The answer is option C", "C"],
    ["Option A is wrong because of X. Option D is wrong too. The answer is B.", "B"],
    ["A is correct because the others are false.", "A"],
    ["The answer is A.", "A"],
    ["D\n\nExplanation: A and B are not possible because C contradicts it.", "D"],
    ["I'm not sure, but I believe the answer is (a).", "A"],
    ["Ｃ", "C"],
    ["The answer is not B, it is C.", "C"],
    ["(A) and (B) are wrong; (D) is right", "D"],
    ["<think>Maybe the answer is A?</think>\nB", "B"],
  ])("%j chooses %s", (response, letter) => {
    expect(chosen(response)).toBe(letter);
  });

  it.each([
    ["A train leaves at 3pm."],
    ["I don't know."],
    ["The answer is a bit unclear to me."],
    ["E"],
  ])("%j chooses nothing", (response) => {
    const result = multipleChoice({ response, truth: "A", prompt: "", regexPattern: AD });
    expect(result).toEqual({
      score: 0,
      passed: false,
      reason: "no option letter found in response",
      extracted: null,
    });
  });

  it("ignores a restated option list and takes the answer", () => {
    const response = "A. London\nB. Paris\nC. Rome\nD. Berlin\n\nAnswer: B";
    expect(chosen(response)).toBe("B");
    expect(chosen("A. London\nB. Paris\nC. Rome\nD. Berlin")).toBe("D");
  });

  it("scores the chosen letter against the truth letter", () => {
    const right = multipleChoice({ response: "The answer is (C).", truth: "C", prompt: "" });
    expect(right).toEqual({
      score: 1,
      passed: true,
      reason: "chose C (explicit answer), truth C",
      extracted: "C",
    });
    const wrong = multipleChoice({ response: "**D**", truth: "c", prompt: "", regexPattern: AD });
    expect(wrong).toMatchObject({
      score: 0,
      passed: false,
      reason: "chose D (answer line), truth C",
    });
  });

  it("accepts letters beyond D when the pattern allows them (TruthfulQA, ARC)", () => {
    const am = "\\b([A-M])\\b";
    expect(
      multipleChoice({ response: "Answer: K", truth: "K", prompt: "", regexPattern: am }).passed,
    ).toBe(true);
    expect(chosen("The answer is E", AD)).toBeNull();
    expect(chosen("The answer is E", "\\b([A-E])\\b")).toBe("E");
  });

  it("treats I as a pronoun unless it is clearly the answer", () => {
    const am = "\\b([A-M])\\b";
    expect(chosen("I think the best one is H", am)).toBe("H");
    expect(chosen("Answer: I", am)).toBe("I");
  });

  it("uses option texts when the response names no letter", () => {
    const options = ["London", "Paris", "Rome", "Berlin"];
    const result = multipleChoice({
      response: "The capital of France is Paris.",
      truth: "B",
      prompt: "",
      options,
    });
    expect(result).toMatchObject({ passed: true, extracted: "B" });
    expect(result.reason).toContain("by option text");
  });

  it("maps a truth written as option text to its letter", () => {
    const options = ["London", "Paris"];
    expect(
      multipleChoice({ response: "Answer: B", truth: "Paris", prompt: "", options }).passed,
    ).toBe(true);
  });

  it("falls back to exact match for a truth that is not a letter", () => {
    const result = multipleChoice({ response: "Paris.", truth: "paris", prompt: "" });
    expect(result.passed).toBe(true);
    expect(result.reason).toMatch(/^truth is not an option letter;/);
  });
});

describe("validLetters", () => {
  it("reads the range from the pattern, the options, or defaults to A-Z", () => {
    expect([...validLetters(AD, null)]).toEqual(["A", "B", "C", "D"]);
    expect([...validLetters("([ABC])", null)]).toEqual(["A", "B", "C"]);
    expect([...validLetters(AD, ["x", "y"])]).toEqual(["A", "B"]);
    expect(validLetters(null, null).size).toBe(26);
  });
});

describe("parseOptionLetter", () => {
  it("reads decorated letters and nothing else", () => {
    expect(parseOptionLetter("(b)")).toBe("B");
    expect(parseOptionLetter(" **C**. ")).toBe("C");
    expect(parseOptionLetter("Paris")).toBeNull();
  });
});

describe("findChosenLetter", () => {
  it("says how the letter was found", () => {
    const valid = validLetters(AD, null);
    expect(findChosenLetter("The answer is B", valid)?.how).toBe("explicit answer");
    expect(findChosenLetter("Reasoning…\nB", valid)?.how).toBe("answer line");
    expect(findChosenLetter("C) Rome\nbecause it is", valid)?.how).toBe("labelled option");
    expect(findChosenLetter("I pick (C) over the rest", valid)?.how).toBe("marked letter");
    expect(findChosenLetter("So it must be D for sure", valid)?.how).toBe("last letter");
  });

  it("stays fast on hostile input", () => {
    const hostile = `answer${" ".repeat(50_000)}${"(".repeat(50_000)}${"A ".repeat(50_000)}`;
    const started = performance.now();
    findChosenLetter(hostile, validLetters(AD, null));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
