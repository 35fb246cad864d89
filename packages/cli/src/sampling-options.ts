import type { CreateEvaluationOptions } from "@assay/client";
import { APIStatusError } from "@assay/client/errors";
import { REASONING_EFFORTS, type ReasoningEffort, SamplingFields } from "@assay/protocol";
import { type Command, InvalidArgumentError, Option } from "commander";

/**
 * `assay eval run`'s sampling options. Each is checked here for its type and range (the
 * protocol's own schema, so the two never drift apart), so a typo fails at once with the option
 * named; whether the model takes it is the server's to say (its request profile), and its 400
 * is turned back into the option's name by `explainRefusedRun`.
 */

export interface SamplingOptions {
  temperature?: number;
  topP?: number;
  seed?: number;
  maxTokens?: number;
  reasoningEffort?: ReasoningEffort;
}

/** Adds `--temperature`, `--top-p`, `--seed`, `--max-tokens`, `--reasoning-effort`. */
export function withSamplingOptions(command: Command): Command {
  return command
    .option(
      "--temperature <t>",
      "sampling temperature, 0 to 2 (default: the model's request profile: 0 where it takes one)",
      numberIn(SamplingFields.temperature, "a number from 0 to 2 (e.g. 0.7)"),
    )
    .option(
      "--top-p <p>",
      "nucleus sampling, above 0 and at most 1",
      numberIn(SamplingFields.top_p, "a number above 0 and at most 1 (e.g. 0.95)"),
    )
    .option(
      "--seed <n>",
      "seed, for providers that take one (best effort)",
      numberIn(SamplingFields.seed, "a whole number from 0 to 2147483647"),
    )
    .option(
      "--max-tokens <n>",
      "the most tokens an answer may use, reasoning included (default: the model's own limit)",
      numberIn(SamplingFields.max_tokens, "a whole number from 1 to 10000000"),
    )
    .addOption(
      new Option("--reasoning-effort <effort>", "how hard a reasoning model thinks").choices(
        REASONING_EFFORTS,
      ),
    );
}

/** The SDK's create options for what was given; what was not stays the model's default. */
export function samplingOf(options: SamplingOptions): CreateEvaluationOptions {
  return {
    temperature: options.temperature,
    topP: options.topP,
    seed: options.seed,
    maxTokens: options.maxTokens,
    reasoningEffort: options.reasoningEffort,
  };
}

/** A number the schema takes; anything else names the option's range. */
function numberIn(
  schema: { safeParse(value: unknown): { success: boolean } },
  expected: string,
): (value: string) => number {
  return (value) => {
    const text = value.trim();
    const n = Number(text);
    if (text === "" || !schema.safeParse(n).success) {
      throw new InvalidArgumentError(`must be ${expected}`);
    }
    return n;
  };
}

/** The create request's fields (`body.0.<field>`) as the options of `assay eval run`. */
const OPTION_OF_FIELD: Record<string, string> = {
  temperature: "--temperature",
  top_p: "--top-p",
  seed: "--seed",
  max_tokens: "--max-tokens",
  reasoning_effort: "--reasoning-effort",
  limit: "--limit",
  concurrency: "--concurrency",
  cache: "--no-cache",
  repeats: "--repeats",
  max_cost_usd: "--max-cost",
};

/**
 * The service's 400 for a run's options, said in the command's terms: `--temperature: openai-o-series
 * takes no temperature …` (one per refused option). Undefined for any other error.
 */
export function explainRefusedRun(error: unknown): string | undefined {
  if (!(error instanceof APIStatusError) || error.statusCode !== 400) return undefined;
  const details = (error.body as { details?: unknown } | null | undefined)?.details;
  if (!Array.isArray(details)) return undefined;
  const lines: string[] = [];
  for (const detail of details) {
    const { field, message } = (detail ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    const option = OPTION_OF_FIELD[field.replace(/^body\.0\./, "")];
    lines.push(`${option ?? field}: ${message}`);
  }
  if (lines.length === 0) return undefined;
  return `the service refused the run: ${lines.join("; ")}`;
}
