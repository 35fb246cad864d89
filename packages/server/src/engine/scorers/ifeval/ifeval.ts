import { z } from "zod";
import type { ScoreInput, ScoreResult } from "../scorer.ts";
import { verdict } from "../scorer.ts";
import { stripReasoning } from "../strip-reasoning.ts";
import { buildChecker, type Checker, IfevalInstructionError } from "./instructions.ts";
import { strip } from "./python-text.ts";

/**
 * IFEval as lm-eval 0.4.13 scores it (tasks/ifeval/utils.py): each instruction of a prompt is
 * checked on the response as it is (strict) and, for the loose score, on seven variants too (its
 * first and/or last line removed, `*` removed); an instruction followed by any variant counts.
 * The prompt passes when every instruction is followed strictly: that is the accuracy, IFEval's
 * prompt-level strict accuracy. The other three of its figures are sums of `details`.
 */

/** What a prompt's `truth` holds: its instructions and their arguments, one kwargs per id. */
export const IfevalTruthSchema = z.object({
  instruction_id_list: z.array(z.string()).min(1),
  kwargs: z.array(z.record(z.string(), z.unknown())),
});
export type IfevalTruth = z.infer<typeof IfevalTruthSchema>;

/** The truth's instructions as checkers; IfevalInstructionError names the one that cannot be. */
export function ifevalCheckers(truth: IfevalTruth): Checker[] {
  if (truth.kwargs.length !== truth.instruction_id_list.length)
    throw new IfevalInstructionError("needs one kwargs object per instruction");
  return truth.instruction_id_list.map((id, i) => buildChecker(id, truth.kwargs[i]!));
}

/** The response and the seven variants the loose score also accepts, in the reference's order. */
export function looseVariants(response: string): string[] {
  const lines = response.split("\n");
  const withoutFirst = strip(lines.slice(1).join("\n"));
  const withoutLast = strip(lines.slice(0, -1).join("\n"));
  const withoutBoth = strip(lines.slice(1, -1).join("\n"));
  const unstarred = (s: string) => s.replaceAll("*", "");
  return [
    response,
    unstarred(response),
    withoutFirst,
    withoutLast,
    withoutBoth,
    unstarred(withoutFirst),
    unstarred(withoutLast),
    unstarred(withoutBoth),
  ];
}

/** An empty (or blank) text follows no instruction, whatever the checker would say. */
const follows = (check: Checker, text: string) => strip(text) !== "" && check(text);

export interface IfevalVerdicts {
  strict: boolean[];
  loose: boolean[];
}

export function checkInstructions(checkers: readonly Checker[], response: string): IfevalVerdicts {
  const variants = looseVariants(response);
  return {
    strict: checkers.map((check) => follows(check, response)),
    loose: checkers.map((check) => variants.some((variant) => follows(check, variant))),
  };
}

export function ifeval(input: ScoreInput): ScoreResult {
  let truth: IfevalTruth;
  let checkers: Checker[];
  try {
    truth = IfevalTruthSchema.parse(JSON.parse(input.truth));
    checkers = ifevalCheckers(truth);
  } catch (error) {
    const why = error instanceof IfevalInstructionError ? error.message : "not IFEval instructions";
    return verdict(false, `the prompt's truth cannot be checked: ${why}`, null);
  }
  const { strict, loose } = checkInstructions(checkers, stripReasoning(input.response));
  const followedStrict = strict.filter(Boolean).length;
  const followedLoose = loose.filter(Boolean).length;
  const missed = truth.instruction_id_list.filter((_, i) => !strict[i]);
  const passed = missed.length === 0;
  const reason =
    `followed ${followedStrict}/${strict.length} instructions strictly, ` +
    `${followedLoose}/${loose.length} loosely` +
    (passed ? "" : `; missed ${missed.join(", ")}`);
  return {
    ...verdict(passed, reason, null),
    details: {
      instructions: strict.length,
      instructions_followed_strict: followedStrict,
      instructions_followed_loose: followedLoose,
      prompt_loose: followedLoose === loose.length ? 1 : 0,
    },
  };
}
