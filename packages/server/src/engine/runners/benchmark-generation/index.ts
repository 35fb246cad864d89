// Smart benchmark generation: question/answer prompts written by a model from documents. Pure of
// HTTP, SQL and storage: the runner works through the store port it is handed.
export {
  type BenchmarkGenerationDeps,
  type GenerationOutcome,
  generateBenchmark,
} from "./generate-benchmark.ts";
export {
  type Complete,
  type GeneratedPrompt,
  type GenerationInput,
  type GenerationOptions,
  generatePrompts,
  MAX_GENERATED_PROMPTS,
} from "./generate-prompts.ts";
export { GenerationError } from "./generation-error.ts";
export type { ChatMessage } from "./generation-messages.ts";
export type {
  BenchmarkGenerationStore,
  GeneratedBenchmark,
  PendingBenchmark,
} from "./generation-store.ts";
