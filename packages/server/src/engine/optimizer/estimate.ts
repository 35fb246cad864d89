import { countTokens, ESTIMATE_NONCE } from "../runners/trace-judging/index.ts";
import { countMessageTokens } from "../runners/trace-judging/tokens.ts";
import {
  buildCandidateMessages,
  DISAGREEMENTS_PER_PROMPT,
  REWRITE_DIRECTIONS,
} from "./candidate-messages.ts";

/** Completion tokens of a critique (a few sentences) besides the rewritten goal itself. */
export const EXPECTED_CRITIQUE_TOKENS = 250;

/**
 * What one rewrite call is expected to take: the prompt built with the goal and, as its
 * disagreements, up to DISAGREEMENTS_PER_PROMPT of the labeled traces (which ones the judge will
 * get wrong is not known before the run), counted with o200k_base; the answer is a critique and
 * a goal about as long as the current one.
 */
export function estimateRewriteCall(input: {
  goal: string;
  sample: readonly { renderedTrace: string; passed: boolean; comment?: string | undefined }[];
}): { inputTokens: number; outputTokens: number } {
  const messages = buildCandidateMessages({
    goal: input.goal,
    disagreements: input.sample.slice(0, DISAGREEMENTS_PER_PROMPT).map((item) => ({
      renderedTrace: item.renderedTrace,
      human: item.passed,
      comment: item.comment,
      judge: !item.passed,
      reasoning: "The judge's reasoning, a few sentences long, about why it decided so.",
    })),
    standing: "agrees with 0 of 0 labels (Cohen's κ 0.00)",
    direction: REWRITE_DIRECTIONS[0],
    nonce: ESTIMATE_NONCE,
  });
  return {
    inputTokens: countMessageTokens(messages),
    outputTokens: countTokens(input.goal) + EXPECTED_CRITIQUE_TOKENS,
  };
}
