import type { RequestProfile } from "./request-profile.ts";

/*
 * Claude through Anthropic's OpenAI SDK compatibility endpoint. Source: "OpenAI SDK
 * compatibility" (docs.anthropic.com/en/api/openai-sdk), its table of request fields:
 * - max_tokens and max_completion_tokens: "Fully supported".
 * - temperature: "Between 0 and 1 (inclusive). Values greater than 1 are capped at 1." A run
 *   asking for more is refused here rather than silently run at 1.
 * - top_p: "Fully supported". n: "Must be exactly 1".
 * - seed, logprobs, presence_penalty, frequency_penalty: "Ignored"; a seed that would be ignored
 *   is refused, so a run never claims a seed it did not have.
 * - Extended thinking: "the OpenAI SDK won't return Claude's detailed thought process".
 */
export const anthropic: RequestProfile = {
  name: "anthropic",
  title: "Anthropic Claude (OpenAI-compatible endpoint)",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: { min: 0, max: 1 },
  topP: true,
  seed: { why: "Anthropic's OpenAI-compatible endpoint ignores seed" },
  reasoningFields: [],
  thinkTags: false,
  reasons: false,
};
