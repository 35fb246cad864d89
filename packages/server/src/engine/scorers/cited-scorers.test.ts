import { describe, expect, it } from "vitest";
import { arcGrid, extractGrids } from "./arc-grid.ts";
import { bbh } from "./bbh.ts";
import { ifeval } from "./ifeval/ifeval.ts";
import { mathEquiv } from "./math-equiv.ts";
import { mmluPro } from "./mmlu-pro.ts";
import { getScorer } from "./registry.ts";

/**
 * What the cited benchmarks' scorers say besides their verdicts (which the agreement tests hold
 * to the references): the extracted answer, a reason a person can act on, and no exception on
 * input a custom benchmark could give them.
 */
const score =
  (scorer: (i: { response: string; truth: string; prompt: string }) => unknown) =>
  (response: string, truth: string) =>
    scorer({ response, truth, prompt: "" });

describe("the cited benchmarks' scorers", () => {
  it("are registered under their names", () => {
    for (const name of ["math_equiv", "mmlu_pro", "bbh", "arc_grid", "ifeval"])
      expect(getScorer(name)).toBeTypeOf("function");
  });

  it("math_equiv shows the answer it took and what it compared", () => {
    expect(score(mathEquiv)("so \\boxed{\\dfrac{1}{2}}", "0.5")).toMatchObject({
      passed: true,
      extracted: "\\dfrac{1}{2}",
    });
    expect(score(mathEquiv)("", "5")).toMatchObject({
      passed: false,
      extracted: null,
      reason: "no answer in the response",
    });
  });

  it("mmlu_pro names the tier that found the letter, and counts no letter as wrong", () => {
    expect(score(mmluPro)("Answer: c\nSo C.", "C")).toMatchObject({ passed: true, extracted: "C" });
    expect(score(mmluPro)("no idea.", "A")).toMatchObject({ passed: false, extracted: null });
    expect((score(mmluPro)("no idea.", "A") as { reason: string }).reason).toContain("random");
  });

  it("ifeval names the instructions missed and keeps the counts its figures sum", () => {
    const truth = JSON.stringify({
      instruction_id_list: ["punctuation:no_comma", "detectable_format:title"],
      kwargs: [{}, {}],
    });
    expect(score(ifeval)("<<Title>>\nNo commas here.", truth)).toMatchObject({
      passed: true,
      details: {
        instructions: 2,
        instructions_followed_strict: 2,
        instructions_followed_loose: 2,
        prompt_loose: 1,
      },
    });
    const missed = score(ifeval)("One, two.", truth) as { passed: boolean; reason: string };
    expect(missed.passed).toBe(false);
    expect(missed.reason).toBe(
      "followed 0/2 instructions strictly, 0/2 loosely; missed punctuation:no_comma, detectable_format:title",
    );
  });

  it("ifeval refuses a truth it cannot check, by what is wrong, without throwing", () => {
    const unknown = JSON.stringify({ instruction_id_list: ["made:up"], kwargs: [{}] });
    expect(score(ifeval)("text", unknown)).toMatchObject({
      passed: false,
      reason: 'the prompt\'s truth cannot be checked: unknown IFEval instruction "made:up"',
    });
    const missing = JSON.stringify({
      instruction_id_list: ["length_constraints:number_words"],
      kwargs: [{ relation: "at least", num_words: null }],
    });
    expect((score(ifeval)("text", missing) as { reason: string }).reason).toContain(
      'needs the argument "num_words"',
    );
    expect(score(ifeval)("text", "Paris")).toMatchObject({ passed: false });
  });

  it("bbh says when no answer sentence was found", () => {
    expect(score(bbh)("It is (A)", "(A)")).toMatchObject({ passed: false, extracted: null });
  });

  it("arc_grid reads at most two attempts and refuses a truth that is no grid", () => {
    expect(extractGrids("[[1]] [[2]] [[3]]")).toEqual([[[1]], [[2]]]);
    expect(score(arcGrid)("[[1]]", "not a grid")).toMatchObject({ passed: false });
    expect(score(arcGrid)("[[0]] then [[1]]", "[[1]]")).toMatchObject({
      passed: true,
      reason: "attempt 2 of 2 is the expected grid",
    });
  });
});
