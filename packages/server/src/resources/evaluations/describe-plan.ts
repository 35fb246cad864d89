import type { PlannedInterval } from "../../engine/stats/index.ts";
import type { ModelPrices } from "../models/model-prices.ts";
import { dollars } from "./budget.ts";

/**
 * A plan's figures in words, written once here so every client (CLI, SDKs, dashboard) shows the
 * same reasoning: what each estimate rests on, and what it leaves out.
 */

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const points = (halfWidth: number) => `±${(halfWidth * 100).toFixed(1)} points`;
const percent = (p: number) => `${(p * 100).toFixed(1)}%`;
const perMillion = (perToken: number) => dollars(perToken * 1_000_000);

export interface TokenFacts {
  prompts: number;
  repeats: number;
  tokenized: number;
  perPrompt: number;
  completionPerCall: number;
  maxTokens: number;
  /** The earlier run the completion figure comes from, if any. */
  earlierRunId: string | null;
  earlierAnswers: number;
  typicalCompletion: number;
}

export function describeTokens(f: TokenFacts): string {
  const asked = f.repeats > 1 ? `, asked ${f.repeats} times each` : "";
  const prompt =
    f.tokenized >= f.prompts
      ? `Prompt tokens: ${count(f.perPrompt)} a call, the o200k_base count of the messages of all ${count(f.prompts)} prompts${asked}.`
      : `Prompt tokens: ${count(f.perPrompt)} a call, the mean o200k_base count of the messages of ${count(f.tokenized)} prompts spread over the ${count(f.prompts)}${asked}.`;
  const completion =
    f.earlierRunId !== null
      ? `Completion tokens: ${count(f.completionPerCall)} an answer, the average of the ${count(f.earlierAnswers)} answers of run ${f.earlierRunId} of this model on this benchmark`
      : `Completion tokens: ${count(f.completionPerCall)} an answer assumed, as no earlier run of this model on this benchmark says (${count(f.typicalCompletion)} is a typical worked answer; reasoning models use far more)`;
  return `${prompt} ${completion}; at most ${count(f.maxTokens)} an answer, the token limit sent.`;
}

export function describeCost(f: {
  prices: ModelPrices | null;
  usd: number | null;
  maxUsd: number | null;
  maxTokens: number;
  calls: number;
  budget: number | null;
}): string {
  if (f.prices === null || f.usd === null || f.maxUsd === null)
    return "No cost estimate: the model has no prices (a custom model can be given cost_per_input_token and cost_per_output_token).";
  const source = f.prices.source === "catalog" ? "the catalog's prices" : "the model's own prices";
  const words = [
    `${dollars(f.usd)} estimated from ${source} (${perMillion(f.prices.input)} / ${perMillion(f.prices.output)} per million input / output tokens); at most ${dollars(f.maxUsd)} if every answer used its ${count(f.maxTokens)} tokens.`,
    "Answers from the response cache cost nothing; judge and custom-scorer calls are not counted.",
  ];
  if (f.budget !== null) {
    const perCall = f.calls === 0 ? 0 : f.usd / f.calls;
    words.push(
      f.usd < f.budget
        ? `The budget of ${dollars(f.budget)} covers the estimate.`
        : `The estimate is over the budget of ${dollars(f.budget)}: the run should stop at it after about ${count(Math.ceil(f.budget / perCall))} of its ${count(f.calls)} calls.`,
    );
  }
  return words.join(" ");
}

export function describeInterval(
  interval: PlannedInterval,
  f: { prompts: number; repeats: number; earlierRunId: string | null },
): string {
  const assumed =
    f.earlierRunId === null
      ? "accuracy 50% (the widest; no earlier run of this model on this benchmark)"
      : `accuracy ${percent(interval.accuracy)} (run ${f.earlierRunId}'s)`;
  if (interval.method === "wilson") {
    const width =
      interval.kind === "expected"
        ? `${points(interval.halfWidth)} expected`
        : `At most ${points(interval.halfWidth)}`;
    return `${width}: Wilson's interval at ${assumed} over ${count(f.prompts)} prompts.`;
  }
  if (f.prompts < 2)
    return "The whole scale: with repeats the interval is clustered by prompt, and one prompt has no spread between prompts to measure.";
  const over = `the interval clustered by prompt over ${count(f.prompts)} prompts × ${f.repeats} repeats`;
  if (interval.kind === "expected")
    return `${points(interval.halfWidth)} expected: ${over}, at ${assumed}, with its within-prompt variance ${interval.withinPromptVariance?.toFixed(3)} (between prompts ${interval.betweenPromptVariance?.toFixed(3)}).`;
  const best = interval.bestHalfWidth ?? interval.halfWidth;
  const unmeasured =
    f.earlierRunId === null
      ? "nothing measured yet says how much answers to one prompt vary"
      : `run ${f.earlierRunId} did not measure how much answers to one prompt vary`;
  return `At most ${points(interval.halfWidth)}, as little as ${points(best)} if every repeat were an independent draw: ${over}, at ${assumed}. Repeats narrow it only as far as answers to one prompt vary, and ${unmeasured}.`;
}
