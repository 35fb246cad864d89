import { describe, expect, it } from "vitest";
import {
  checkInstructions,
  ifeval,
  ifevalCheckers,
} from "../../src/engine/scorers/ifeval/ifeval.ts";
import { IFEVAL_INSTRUCTIONS } from "../../src/engine/scorers/ifeval/instructions.ts";
import { readAgreementFixture, referenceVerdicts } from "./reference.ts";

/**
 * `ifeval` against lm-eval 0.4.13's IFEval scoring (agreement/references/ifeval.py: its
 * process_results with Google's checkers): the same strict and loose verdict on every
 * instruction of every response, hence the same four figures on any set of them.
 */
interface Case {
  response: string;
  prompt: string;
  instruction_id_list: string[];
  kwargs: Record<string, unknown>[];
  [key: string]: unknown;
}

interface Verdict {
  passed: boolean;
  loose: boolean;
  strict_list: boolean[];
  loose_list: boolean[];
}

describe("ifeval agrees with lm-eval's IFEval scoring", () => {
  it("follows the same instructions, strictly and loosely, on every response", async () => {
    const cases = readAgreementFixture<Case>("ifeval");
    const reference = await referenceVerdicts<Verdict>("ifeval", cases);
    const disagreements = cases.flatMap((c, i) => {
      const { strict, loose } = checkInstructions(ifevalCheckers(c), c.response);
      const truth = JSON.stringify({
        instruction_id_list: c.instruction_id_list,
        kwargs: c.kwargs,
      });
      const passed = ifeval({ response: c.response, truth, prompt: c.prompt }).passed;
      const ref = reference[i]!;
      const same =
        passed === ref.passed &&
        JSON.stringify(strict) === JSON.stringify(ref.strict_list) &&
        JSON.stringify(loose) === JSON.stringify(ref.loose_list);
      return same ? [] : [{ ...c, assay: { passed, strict, loose }, reference: ref }];
    });
    expect(disagreements).toEqual([]);
    // Every instruction of the registry is in the fixture, followed and not followed.
    const seen = new Map<string, Set<boolean>>();
    for (const [i, c] of cases.entries())
      for (const [j, id] of c.instruction_id_list.entries())
        seen.set(id, (seen.get(id) ?? new Set()).add(reference[i]!.strict_list[j]!));
    expect([...seen.keys()].sort()).toEqual([...IFEVAL_INSTRUCTIONS].sort());
    expect([...seen.values()].every((verdicts) => verdicts.size === 2)).toBe(true);
    const passed = reference.filter((v) => v.passed).length;
    expect(passed).toBeGreaterThan(cases.length / 4);
    expect(cases.length - passed).toBeGreaterThan(cases.length / 4);
  });
});
