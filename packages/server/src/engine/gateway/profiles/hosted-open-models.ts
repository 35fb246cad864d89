import { OPENAI_TEMPERATURES, type RequestProfile } from "./request-profile.ts";

/** Hosts of open-weight models, each with its own OpenAI-compatible API. */

/*
 * Groq. Source: the API reference (console.groq.com/docs/api-reference, "Create chat
 * completion"): `max_completion_tokens` ("max_tokens … Deprecated in favor of
 * max_completion_tokens"), temperature 0–2, top_p, seed; `reasoning_effort` ("qwen3 models
 * support none and default … openai/gpt-oss models support low, medium and high"); and the
 * reasoning guide (console.groq.com/docs/reasoning): gpt-oss returns its reasoning in
 * `message.reasoning`; qwen3's default `reasoning_format` is `raw`, the reasoning inside
 * `<think>` tags in the content.
 */
const groqBase = {
  tokenLimit: "max_completion_tokens",
  defaultMaxTokens: 1024,
  temperature: OPENAI_TEMPERATURES,
  topP: true,
  seed: { parameter: "seed" },
} as const;

export const groq: RequestProfile = {
  ...groqBase,
  name: "groq",
  title: "Groq (Llama, Kimi …)",
  reasoningFields: [],
  thinkTags: false,
  reasons: false,
};

export const groqGptOss: RequestProfile = {
  ...groqBase,
  name: "groq-gpt-oss",
  title: "Groq: OpenAI gpt-oss (reasoning)",
  defaultMaxTokens: 16_384,
  reasoningEffort: { parameter: "reasoning_effort", values: ["low", "medium", "high"] },
  reasoningFields: ["reasoning"],
  thinkTags: false,
  reasons: true,
};

export const groqQwen3: RequestProfile = {
  ...groqBase,
  name: "groq-qwen3",
  title: "Groq: Qwen3 (thinks in <think> tags)",
  defaultMaxTokens: 16_384,
  reasoningEffort: { parameter: "reasoning_effort", values: ["none"] },
  reasoningFields: ["reasoning"],
  thinkTags: true,
  reasons: true,
};

/*
 * Together AI. Source: the API reference (docs.together.ai/reference/chat-completions-1):
 * max_tokens, temperature, top_p, seed. Its DeepSeek-R1 guide (docs.together.ai/docs/deepseek-r1)
 * shows the reasoning inside `<think>` tags at the start of the content.
 */
export const together: RequestProfile = {
  name: "together",
  title: "Together AI",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: OPENAI_TEMPERATURES,
  topP: true,
  seed: { parameter: "seed" },
  reasoningFields: [],
  thinkTags: false,
  reasons: false,
};

export const togetherReasoning: RequestProfile = {
  ...together,
  name: "together-reasoning",
  title: "Together AI: reasoning models (DeepSeek-R1 …)",
  defaultMaxTokens: 32_768,
  reasoningFields: ["reasoning"],
  thinkTags: true,
  reasons: true,
};

/*
 * Fireworks AI. Source: the API reference (docs.fireworks.ai/api-reference/post-chatcompletions):
 * max_tokens, temperature 0–2, top_p. No seed is documented there, so none is sent.
 */
export const fireworks: RequestProfile = {
  name: "fireworks",
  title: "Fireworks AI",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: OPENAI_TEMPERATURES,
  topP: true,
  seed: { why: "Fireworks' chat-completions reference documents no seed" },
  reasoningFields: ["reasoning_content"],
  thinkTags: true,
  reasons: false,
};

/*
 * Mistral AI. Source: the API reference (docs.mistral.ai/api, "Chat Completion"): max_tokens,
 * temperature ("between 0.0 and 0.7" recommended; the schema allows up to 1.5), top_p, and the
 * seed is called `random_seed`. The API validates its body strictly: an unknown field such as
 * `seed` is refused with 422 ("Extra inputs are not permitted").
 */
export const mistral: RequestProfile = {
  name: "mistral",
  title: "Mistral AI",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: { min: 0, max: 1.5 },
  topP: true,
  seed: { parameter: "random_seed" },
  reasoningFields: [],
  thinkTags: false,
  reasons: false,
};

/*
 * OpenRouter. Sources: the parameters reference (openrouter.ai/docs/api-reference/parameters):
 * max_tokens, temperature 0–2, top_p, seed; reasoning tokens (openrouter.ai/docs/use-cases/
 * reasoning-tokens): `reasoning: {effort: "high" | "medium" | "low"}` in the request, the
 * reasoning in `message.reasoning` of the answer.
 */
export const openrouter: RequestProfile = {
  name: "openrouter",
  title: "OpenRouter",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: OPENAI_TEMPERATURES,
  topP: true,
  seed: { parameter: "seed" },
  reasoningEffort: { parameter: "reasoning.effort", values: ["low", "medium", "high"] },
  reasoningFields: ["reasoning"],
  thinkTags: false,
  reasons: false,
};
