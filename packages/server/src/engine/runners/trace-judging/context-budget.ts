/**
 * How much of a trace fits in one judge call. The judge model's context holds the prompt (goal,
 * instructions, trace), its answer, and possibly a repair turn; what is left after those, less a
 * margin for tokenizer mismatch, is the trace's.
 */

/**
 * Context of a judge model whose context length is unknown (custom models): 8,192 tokens, which
 * nearly every current OpenAI-compatible server offers. Small on purpose: a trace cut more than
 * needed is judged on less; a trace that overflows the context is not judged at all.
 */
export const DEFAULT_CONTEXT_TOKENS = 8_192;

/**
 * The most trace tokens one judge call carries, however large the context (a 1M-token model
 * would otherwise be sent, and bill, whole megabyte traces). Also bounds the worker's memory.
 */
export const MAX_TRACE_TOKENS = 128_000;

/**
 * Room kept for the repair turn: the unusable first answer quoted back (at most 4,000 characters,
 * about 1,000 tokens) plus the request around it.
 */
export const REPAIR_RESERVE_TOKENS = 1_200;

/**
 * Share of the context left unused: the count is o200k_base's, and another model's tokenizer may
 * need up to about a fifth more tokens for the same text.
 */
export const TOKENIZER_MARGIN = 0.2;

/** Below this many tokens for the trace itself, judging is refused rather than meaningless. */
export const MIN_TRACE_TOKENS = 256;

export interface JudgeModelLimits {
  /** The model's context window in tokens; null when unknown. */
  contextTokens: number | null;
  /** The most tokens the judge may answer (the request's `max_tokens`). */
  maxOutputTokens: number;
}

/**
 * Tokens the trace may take, given the prompt's other tokens (`overheadTokens`). May be below
 * MIN_TRACE_TOKENS (or negative) when the model's context is too small for this judge.
 */
export function traceTokenBudget(limits: JudgeModelLimits, overheadTokens: number): number {
  const context = limits.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const usable = Math.floor(context * (1 - TOKENIZER_MARGIN));
  return Math.min(
    MAX_TRACE_TOKENS,
    usable - limits.maxOutputTokens - REPAIR_RESERVE_TOKENS - overheadTokens,
  );
}
