import { toMessages } from "../../engine/runners/evaluation/to-messages.ts";
import { countMessageTokens } from "../../engine/runners/trace-judging/index.ts";
import type { PlanRepository } from "./plan-repository.ts";

/** Prompts tokenized at most: enough for a close mean, few enough to answer while a form is typed. */
export const TOKENIZED_PROMPTS = 200;

export interface PromptTokenEstimate {
  /** Estimated prompt tokens of one call (its messages as the run sends them). */
  perPrompt: number;
  /** Prompts actually tokenized: all of them up to TOKENIZED_PROMPTS, else a spread sample. */
  tokenized: number;
}

/**
 * The prompt tokens of one call of a run, averaged over its prompts: each prompt is turned into
 * the chat messages the run sends (the benchmark's system prompt included) and counted with
 * o200k_base, as the trace-evaluation estimate counts (exact for OpenAI's current models, close
 * for others; the provider's own count is what a run is billed). Up to TOKENIZED_PROMPTS prompts
 * are all counted; a larger run counts that many, spread evenly over its positions, and takes
 * their mean.
 */
export async function estimatePromptTokens(
  repo: Pick<PlanRepository, "promptInputs">,
  benchmark: { id: string; systemPrompt: string | null },
  prompts: number,
): Promise<PromptTokenEstimate> {
  const sample = Math.min(prompts, TOKENIZED_PROMPTS);
  const positions = Array.from({ length: sample }, (_, i) => Math.floor((i * prompts) / sample));
  const inputs = await repo.promptInputs(benchmark.id, positions);
  if (inputs.length === 0) return { perPrompt: 0, tokenized: 0 };
  let total = 0;
  for (const input of inputs)
    total += countMessageTokens(toMessages(input, benchmark.systemPrompt));
  return { perPrompt: total / inputs.length, tokenized: inputs.length };
}
