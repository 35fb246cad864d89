import type { RequestProfile } from "./request-profile.ts";

/*
 * Gemini through Google's OpenAI compatibility endpoint. Source: "OpenAI compatibility"
 * (ai.google.dev/gemini-api/docs/openai): requests take `max_tokens`, `temperature` (0–2, as
 * the native API's generationConfig) and `top_p`; "Gemini 2.5 models are trained to think"
 * and `reasoning_effort` ("low", "medium", "high") maps to thinking budgets of 1,024, 8,192 and
 * 24,576 tokens. The thinking guide (ai.google.dev/gemini-api/docs/thinking) says the thinking
 * budget is part of the output tokens, so a small `max_tokens` can be spent on thinking alone:
 * the answer then has no content and `finish_reason: "length"`. 2.5 models produce up to 65,536
 * output tokens (the models page), which is the default bound here. The compatibility page does
 * not document `seed`, so none is sent.
 */
const geminiBase = {
  tokenLimit: "max_tokens",
  temperature: { min: 0, max: 2 },
  topP: true,
  seed: { why: "Google's OpenAI-compatible endpoint does not document seed" },
  reasoningFields: [],
  thinkTags: false,
} as const;

/** Gemini 2.0 and 1.5: no thinking. */
export const gemini: RequestProfile = {
  ...geminiBase,
  name: "gemini",
  title: "Google Gemini 2.0 and older (OpenAI-compatible endpoint)",
  defaultMaxTokens: 1024,
  reasons: false,
};

/** Gemini 2.5: thinks by default, and its thinking counts against the token limit. */
export const geminiThinking: RequestProfile = {
  ...geminiBase,
  name: "gemini-thinking",
  title: "Google Gemini 2.5 (thinking; OpenAI-compatible endpoint)",
  defaultMaxTokens: 65_536,
  reasoningEffort: { parameter: "reasoning_effort", values: ["low", "medium", "high"] },
  reasons: true,
  // Seen on the compatible endpoint: "prompt=20, completion=424, total=1016" — the 572 thinking
  // tokens appear only in the total (Clarifai/clarifai-python#978); Google bills them as output.
  usageOmitsThinking: true,
};
