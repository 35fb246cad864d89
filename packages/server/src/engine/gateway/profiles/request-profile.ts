import type { ReasoningEffort, RequestProfileName } from "@assay/protocol";

/**
 * How one family of models is asked through an OpenAI-compatible chat-completions endpoint, and
 * where its answer's reasoning comes back. Each profile is data, written beside the provider
 * documentation every rule comes from (`openai.ts`, `anthropic.ts` …); `request-parameters.ts`
 * turns a profile, a model's settings and a run's sampling options into the parameters sent.
 */
export interface RequestProfile {
  name: RequestProfileName;
  /** Which models it is for, in words (shown in errors and on the model's page). */
  title: string;
  /** The parameter that bounds the answer: the older `max_tokens`, or `max_completion_tokens`. */
  tokenLimit: "max_tokens" | "max_completion_tokens";
  /** The bound sent when neither the model nor the run sets one. */
  defaultMaxTokens: number;
  /**
   * The temperatures taken: a range, or only the provider's default, in which case none is sent
   * (and a run asking for another is refused, saying why).
   */
  temperature: { min: number; max: number } | { only: number; why: string };
  /** Whether `top_p` is taken. */
  topP: boolean;
  /** The name under which a seed is sent, or why none can be. */
  seed: { parameter: "seed" | "random_seed" } | { why: string };
  /** How a reasoning effort is sent, and the values this family takes; absent: none. */
  reasoningEffort?: {
    /** A top-level field, or `effort` inside a `reasoning` object (OpenRouter). */
    parameter: "reasoning_effort" | "reasoning.effort";
    values: readonly ReasoningEffort[];
  };
  /** Where the reasoning text is read from the answer's message, in order. */
  reasoningFields: readonly ("reasoning_content" | "reasoning")[];
  /** The model may write its reasoning into the content, as a leading `<think>…</think>`. */
  thinkTags: boolean;
  /**
   * Reasoning tokens count against the token limit (every reasoning family does): an answer cut
   * at the limit with no content means the budget went to thinking, which is reported as an
   * error saying so, never scored as an empty answer.
   */
  reasons: boolean;
  /**
   * Usage counts the thinking outside `completion_tokens` (only in `total_tokens`), as Gemini's
   * endpoint does: the difference is read as reasoning tokens and added to the completion tokens,
   * which are billed as output.
   */
  usageOmitsThinking?: boolean;
}

/** Temperatures of the providers whose API follows OpenAI's: 0–2. */
export const OPENAI_TEMPERATURES = { min: 0, max: 2 };
