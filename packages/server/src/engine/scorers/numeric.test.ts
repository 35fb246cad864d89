import { describe, expect, it } from "vitest";
import { findFinalNumber, numeric } from "./numeric.ts";
import type { ScoreInput } from "./scorer.ts";

const GSM8K_PATTERN = "####\\s*(-?[\\d,]*\\.?\\d+)";

const score = (response: string, truth: string, regexPattern: string | null = GSM8K_PATTERN) =>
  numeric({ response, truth, prompt: "How many?", regexPattern });

describe("numeric scorer", () => {
  it.each([
    ["#### 1,234", "1234"],
    ["The answer is $18.", "18"],
    ["so she has 18 dollars left", "18"],
    ["#### 18.00", "18"],
    ["#### $18", "18"],
    ["the answer is -3", "-3"],
    ["The answer is −3", "-3"],
    ["#### +7", "7"],
    ["\\boxed{72}", "72"],
    ["The total is $\\boxed{\\$1{,}234}$.", "1234"],
    ["First 5 apples and 7 oranges, total 12", "12"],
    ["#### 5\nWait, I made a mistake.\n#### 6", "6"],
    ["Half of it: the answer is 1/2", "0.5"],
    ["\\boxed{\\frac{3}{4}}", "0.75"],
    ["The percentage is 25%.", "25"],
    ["Final answer: 1,450,000", "1,450,000"],
    ["Answer:\n\n**42**", "42"],
    ["#### 18", "#### 18"],
    ["It costs $0.50 each.", "0.5"],
  ])("%j scores 1 against truth %j", (response, truth) => {
    const result = score(response, truth);
    expect(result, result.reason).toMatchObject({ score: 1, passed: true });
  });

  it.each([
    ["#### 17", "18"],
    ["The answer is 18. Actually no: #### 19", "18"],
    ["18.5", "18"],
    ["#### 1,2,3", "123"],
  ])("%j scores 0 against truth %j", (response, truth) => {
    expect(score(response, truth)).toMatchObject({ score: 0, passed: false });
  });

  it("reports a response without a number", () => {
    const result = score("I cannot solve this problem.", "18");
    expect(result).toEqual({
      score: 0,
      passed: false,
      reason: "no number found in response",
      extracted: null,
    });
  });

  it("reports a truth that is not a number", () => {
    expect(score("42", "forty-two").reason).toMatch(/^truth "forty-two" is not a number/);
  });

  it("says what it extracted and compared", () => {
    const result = score("She makes 9 * 2 = $18 a day.\n#### 18", "18");
    expect(result.extracted).toBe("18");
    expect(result.reason).toBe('pattern "18" = 18 equals truth 18');
    expect(score("The answer is $18.", "20").reason).toBe(
      'answer phrase "$18" = 18 differs from truth 20',
    );
  });

  it("compares with a relative tolerance of 1e-9: float noise passes, off-by-one does not", () => {
    expect(score("0.30000000000000004", "0.3").passed).toBe(true);
    expect(score("1,450,001", "1,450,000").passed).toBe(false);
    expect(score("0.3333333", "0.33333333").passed).toBe(false);
    expect(score("0", "0").passed).toBe(true);
    expect(score("-0", "0").passed).toBe(true);
  });
});

describe("findFinalNumber", () => {
  it("prefers ####, then \\boxed, then an answer phrase, then the last number", () => {
    expect(findFinalNumber("answer is 3 … \\boxed{4} … #### 5 … 6")).toMatchObject({
      value: 5,
      how: "####",
    });
    expect(findFinalNumber("answer is 3 … \\boxed{4} … 6")).toMatchObject({
      value: 4,
      how: "boxed",
    });
    expect(findFinalNumber("The answer is 3 apples; I count 6 in all")).toMatchObject({
      value: 3,
      how: "answer phrase",
    });
    expect(findFinalNumber("1 2 3")).toMatchObject({ value: 3, how: "last number" });
  });

  it("takes the last number of a \\boxed{} that holds several, and of the last box", () => {
    // A worked expression boxed whole: its result comes last.
    expect(findFinalNumber("So \\boxed{16 - 3 - 4 = 9} eggs are sold.")).toMatchObject({
      value: 9,
      how: "boxed",
    });
    expect(findFinalNumber("\\boxed{2 \\times 9 = 18} dollars")).toMatchObject({ value: 18 });
    expect(findFinalNumber("first \\boxed{3 + 4 = 7}, then \\boxed{7 + 5 = 12}")).toMatchObject({
      value: 12,
      how: "boxed",
    });
    expect(numeric({ response: "\\boxed{16 - 3 - 4 = 9}", truth: "9", prompt: "" }).passed).toBe(
      true,
    );
  });

  it("takes the number in the answer's own sentence only", () => {
    // The phrase has no number in its sentence, so the last number decides.
    expect(findFinalNumber("The answer is not obvious. First 5 + 7 = 12")).toMatchObject({
      value: 12,
      how: "last number",
    });
  });

  it("does not read a restated instruction as the answer", () => {
    expect(findFinalNumber("Answer the question: Janet has 16 eggs, eats 3, so 13")).toMatchObject({
      value: 13,
    });
  });

  it("does not turn a subtraction into a negative number", () => {
    expect(findFinalNumber("16-3")?.value).toBe(3);
    expect(findFinalNumber("It is 20 - 4")?.value).toBe(4);
  });

  it("keeps thousands separators apart from lists", () => {
    expect(findFinalNumber("1,234")?.value).toBe(1234);
    expect(findFinalNumber("We have 5, 7, 12")?.value).toBe(12);
  });

  it("uses the benchmark pattern first when it gives one number", () => {
    const input: ScoreInput = {
      response: "ANSWER=<9> but 10 later",
      truth: "9",
      prompt: "",
      regexPattern: "ANSWER=<(\\d+)>",
    };
    expect(numeric(input).passed).toBe(true);
  });
});
