import { describe, expect, it } from "vitest";
import { contains } from "./contains.ts";

describe("contains scorer", () => {
  it("finds the truth case- and whitespace-insensitively", () => {
    const result = contains({
      response: "The capital of France is\n  PARIS, of course.",
      truth: "capital of France is Paris",
      prompt: "",
    });
    expect(result).toEqual({
      score: 1,
      passed: true,
      reason: 'truth "capital of france is paris" found in response',
      extracted: "capital of france is paris",
    });
  });

  it("does not need the truth's quotes or final period", () => {
    expect(contains({ response: "it is paris", truth: '"Paris."', prompt: "" }).passed).toBe(true);
  });

  it("fails when the truth is absent", () => {
    expect(contains({ response: "Lyon", truth: "Paris", prompt: "" })).toMatchObject({
      score: 0,
      passed: false,
      extracted: null,
    });
  });

  it("fails an empty truth instead of matching everything", () => {
    expect(contains({ response: "anything", truth: "  ", prompt: "" }).reason).toBe(
      "truth is empty",
    );
  });
});
