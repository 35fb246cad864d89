// The doubles by provider: one per entry of src/catalog/models/providers.json, plus the local
// servers a custom model points at. Each knows its provider's models from the provider's own
// documentation, not from models.json — so a catalog entry the provider would not serve fails.
import { ANTHROPIC_MODELS, startAnthropicDouble } from "./anthropic.ts";
import type { DoubleOptions, ProviderDouble } from "./core.ts";
import { DEEPSEEK_MODELS, startDeepSeekDouble } from "./deepseek.ts";
import { FIREWORKS_MODELS, startFireworksDouble } from "./fireworks.ts";
import { GEMINI_MODELS, startGoogleDouble } from "./google.ts";
import { GROQ_MODELS, startGroqDouble } from "./groq.ts";
import { MISTRAL_MODELS, startMistralDouble } from "./mistral.ts";
import { OLLAMA_DEFAULT_MODELS, startOllamaDouble } from "./ollama.ts";
import { OPENAI_MODELS, startOpenAIDouble } from "./openai.ts";
import { OPENROUTER_MODELS, startOpenRouterDouble } from "./openrouter.ts";
import { startTogetherDouble, TOGETHER_MODELS } from "./together.ts";

export type { AnswerBehavior, DoubleOptions, ProviderDouble, RecordedExchange } from "./core.ts";
export { DEFAULT_ANSWER } from "./core.ts";
export { startLlamaCppDouble } from "./llama-cpp.ts";
export { startVllmDouble } from "./vllm.ts";
export {
  startAnthropicDouble,
  startDeepSeekDouble,
  startFireworksDouble,
  startGoogleDouble,
  startGroqDouble,
  startMistralDouble,
  startOllamaDouble,
  startOpenAIDouble,
  startOpenRouterDouble,
  startTogetherDouble,
};

interface ProviderDoubleEntry {
  start(options?: DoubleOptions): Promise<ProviderDouble>;
  /** The model names the double serves (Ollama: the ones it has pulled by default). */
  models: readonly string[];
}

export const PROVIDER_DOUBLES: Readonly<Record<string, ProviderDoubleEntry>> = {
  openai: { start: startOpenAIDouble, models: Object.keys(OPENAI_MODELS) },
  anthropic: { start: startAnthropicDouble, models: Object.keys(ANTHROPIC_MODELS) },
  google: { start: startGoogleDouble, models: Object.keys(GEMINI_MODELS) },
  together: { start: startTogetherDouble, models: Object.keys(TOGETHER_MODELS) },
  groq: { start: startGroqDouble, models: Object.keys(GROQ_MODELS) },
  mistral: { start: startMistralDouble, models: [...MISTRAL_MODELS] },
  deepseek: { start: startDeepSeekDouble, models: Object.keys(DEEPSEEK_MODELS) },
  fireworks: { start: startFireworksDouble, models: Object.keys(FIREWORKS_MODELS) },
  openrouter: { start: startOpenRouterDouble, models: Object.keys(OPENROUTER_MODELS) },
  ollama: { start: startOllamaDouble, models: OLLAMA_DEFAULT_MODELS },
};

/** Starts the double of every provider named; close them with closeDoubles. */
export async function startProviderDoubles(
  names: readonly string[],
  options: DoubleOptions = {},
): Promise<Map<string, ProviderDouble>> {
  const doubles = new Map<string, ProviderDouble>();
  try {
    for (const name of names) {
      const entry = PROVIDER_DOUBLES[name];
      if (!entry) throw new Error(`no provider double for "${name}"`);
      doubles.set(name, await entry.start(options));
    }
  } catch (error) {
    await closeDoubles(doubles);
    throw error;
  }
  return doubles;
}

export async function closeDoubles(doubles: ReadonlyMap<string, ProviderDouble>): Promise<void> {
  await Promise.all([...doubles.values()].map((double) => double.close()));
}
