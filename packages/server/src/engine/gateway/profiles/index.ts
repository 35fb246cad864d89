import type { RequestProfileName } from "@assay/protocol";
import { anthropic } from "./anthropic.ts";
import { deepseekChat, deepseekReasoner } from "./deepseek.ts";
import { gemini, geminiThinking } from "./google.ts";
import {
  fireworks,
  groq,
  groqGptOss,
  groqQwen3,
  mistral,
  openrouter,
  together,
  togetherReasoning,
} from "./hosted-open-models.ts";
import { llamaCpp, ollama, openaiCompatible, vllm } from "./local-servers.ts";
import { openaiChat, openaiGpt5, openaiOSeries } from "./openai.ts";
import type { RequestProfile } from "./request-profile.ts";

export type { RequestProfile } from "./request-profile.ts";

/**
 * Every request profile by name. Typed as a record over the protocol's names, so a name added
 * there without its rules here (or the reverse) does not compile.
 */
export const REQUEST_PROFILES: Readonly<Record<RequestProfileName, RequestProfile>> = {
  "openai-compatible": openaiCompatible,
  "openai-chat": openaiChat,
  "openai-o-series": openaiOSeries,
  "openai-gpt-5": openaiGpt5,
  anthropic,
  gemini,
  "gemini-thinking": geminiThinking,
  "deepseek-chat": deepseekChat,
  "deepseek-reasoner": deepseekReasoner,
  groq,
  "groq-gpt-oss": groqGptOss,
  "groq-qwen3": groqQwen3,
  together,
  "together-reasoning": togetherReasoning,
  fireworks,
  mistral,
  openrouter,
  ollama,
  vllm,
  "llama-cpp": llamaCpp,
};

/** A custom model that names no profile is asked as any OpenAI-compatible server. */
export const DEFAULT_PROFILE: RequestProfile = openaiCompatible;

/** The profile of a stored name; an unknown one (a row written by hand) falls back to the default. */
export function requestProfile(name: string | null | undefined): RequestProfile {
  return (name && REQUEST_PROFILES[name as RequestProfileName]) || DEFAULT_PROFILE;
}
