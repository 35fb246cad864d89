import type { JudgeModelLimits } from "./context-budget.ts";
import { fitTracePrompt } from "./fit-trace.ts";

/**
 * Completion tokens a verdict is expected to take: the JSON object with a reasoning of a few
 * sentences (~100 tokens) and the keys, rounded up. Estimates count this per trace; a judge that
 * reasons at length, or a repair turn, costs more.
 */
export const EXPECTED_VERDICT_TOKENS = 150;

/**
 * The nonce estimates are built with. A real call's nonce is random, and 16 hex characters take a
 * varying number of tokens (three times per prompt): a fixed one keeps the same estimate request
 * answering the same figures, within a few tokens of any real call.
 */
export const ESTIMATE_NONCE = "a1b2c3d4e5f6a7b8";

/**
 * What judging one trace is expected to take: the prompt exactly as it would be sent (same
 * builder, same cut to the context), counted with o200k_base, and EXPECTED_VERDICT_TOKENS.
 */
export function estimateTraceJudging(input: {
  goal: string;
  renderedTrace: string;
  limits: JudgeModelLimits;
}): { inputTokens: number; outputTokens: number; truncated: boolean } {
  const prompt = fitTracePrompt({ ...input, nonce: ESTIMATE_NONCE });
  return {
    inputTokens: prompt.promptTokens,
    outputTokens: EXPECTED_VERDICT_TOKENS,
    truncated: prompt.truncated,
  };
}
