// Smart benchmark generation: question/answer prompts written by a model from documents. Pure of
// HTTP, SQL and storage: the job handler loads the documents and stores what comes back.
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
