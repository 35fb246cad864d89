import { MAX_EVALUATION_GOAL_CHARS, MIN_EVALUATION_GOAL_CHARS } from "@assay/protocol";
import { z } from "zod";
import {
  askForVerdict,
  type CompleteFn,
  type JudgeMessage,
  readVerdict,
  type VerdictReading,
} from "../scorers/index.ts";
import { CANDIDATE_FORMAT } from "./candidate-messages.ts";

/** A rewritten goal with the critique that led to it. */
export interface CandidateGoal {
  critique: string;
  goal: string;
}

/**
 * The longest rewritten goal kept: room is left under the judge's own limit for few-shot
 * examples, and a goal that long is usually the model pasting the cases back.
 */
export const MAX_CANDIDATE_GOAL_CHARS = MAX_EVALUATION_GOAL_CHARS / 2;

const CandidateSchema = z.object({
  critique: z.string().trim().optional().default(""),
  goal: z.string().trim(),
});

export function readCandidate(reply: string): VerdictReading<CandidateGoal> {
  return readVerdict(reply, CandidateSchema);
}

/**
 * Asks the optimizer model for a critique and a rewritten goal; one repair turn when the reply
 * holds no such JSON object (fenced or surrounded by prose is fine). Throws JudgeOutputError when
 * the repaired reply is still unreadable; errors of `complete` propagate.
 */
export async function askForCandidate(
  messages: JudgeMessage[],
  nonce: string,
  complete: CompleteFn,
): Promise<CandidateGoal> {
  const { verdict } = await askForVerdict(
    { messages, nonce, format: CANDIDATE_FORMAT, read: readCandidate },
    complete,
  );
  return verdict;
}

/**
 * Why a readable candidate is still discarded, or undefined when it is worth measuring: a goal a
 * judge could not be given (too short, longer than `maxChars`), or one already measured this run.
 */
export function candidateProblem(
  goal: string,
  measured: ReadonlySet<string>,
  maxChars = MAX_CANDIDATE_GOAL_CHARS,
): string | undefined {
  if (goal.length < MIN_EVALUATION_GOAL_CHARS)
    return `its goal has ${goal.length} characters, fewer than ${MIN_EVALUATION_GOAL_CHARS}`;
  if (goal.length > maxChars)
    return `its goal has ${goal.length} characters, more than ${maxChars}`;
  if (measured.has(goal)) return "its goal is one already measured";
  return undefined;
}
