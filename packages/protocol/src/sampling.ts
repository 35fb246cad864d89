import { z } from "zod";

/**
 * How a model is asked (extension). A request profile names a model family's rules: which
 * token-limit parameter it takes, which temperatures, whether it takes `top_p`, a seed and a
 * reasoning effort, and where its reasoning comes back. The rules themselves, with the provider
 * documentation each one comes from, live in the server (`engine/gateway/profiles/`); clients
 * only need the names, to offer them and to validate a custom model's choice.
 */
export const REQUEST_PROFILE_NAMES = [
  "openai-compatible",
  "openai-chat",
  "openai-o-series",
  "openai-gpt-5",
  "anthropic",
  "gemini",
  "gemini-thinking",
  "deepseek-chat",
  "deepseek-reasoner",
  "groq",
  "groq-gpt-oss",
  "groq-qwen3",
  "together",
  "together-reasoning",
  "fireworks",
  "mistral",
  "openrouter",
  "ollama",
  "vllm",
  "llama-cpp",
] as const;
export const RequestProfileNameSchema = z.enum(REQUEST_PROFILE_NAMES);
export type RequestProfileName = z.infer<typeof RequestProfileNameSchema>;

/** Every effort any provider documents; each profile takes its own subset. */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high"] as const;
export const ReasoningEffortSchema = z.enum(REASONING_EFFORTS);
export type ReasoningEffort = z.infer<typeof ReasoningEffortSchema>;

export const MaxTokensSchema = z.number().int().positive().max(10_000_000);

/**
 * A run's sampling options (extensions of `POST P/evaluations`). Each is checked against the
 * model's request profile when the run is created: a reasoning model asked for temperature 0 is
 * a 400 that names the field and says why. Unset means the profile's default (temperature 0
 * where the model takes it, so runs are deterministic and cacheable unless asked otherwise).
 */
export const SamplingFields = {
  temperature: z.number().min(0).max(2).optional(),
  top_p: z.number().gt(0).max(1).optional(),
  /** Best effort at the providers that take one; never makes a sampled call cacheable. */
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  /** The most tokens an answer (reasoning included) may use; the model's own limit otherwise. */
  max_tokens: MaxTokensSchema.optional(),
  reasoning_effort: ReasoningEffortSchema.optional(),
};

/** What a run asked for, as recorded with it (null: not asked, the profile's default). */
export const RunSamplingSchema = z.object({
  temperature: z.number().nullable(),
  top_p: z.number().nullable(),
  seed: z.number().int().nullable(),
  max_tokens: z.number().int().nullable(),
  reasoning_effort: ReasoningEffortSchema.nullable(),
});
export type RunSampling = z.infer<typeof RunSamplingSchema>;

/**
 * The request a run sends, recorded when it was created: the model's request profile and every
 * chat-completions parameter sent beside `model` and `messages`, exactly (the token limit under
 * its provider's name, the temperature or its absence, the extra payload merged in).
 */
export const RunRequestSchema = z
  .object({
    profile: z.string(),
    parameters: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "RunRequest" });
export type RunRequest = z.infer<typeof RunRequestSchema>;
