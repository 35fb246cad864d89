import type { CreateEvaluationItem, EvaluationPlan } from "@assay/protocol";
import { badRequest } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { SandboxStatus } from "../../engine/sandbox/sandbox-status.ts";
import { type EarlierOutcome, plannedInterval } from "../../engine/stats/index.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { BuiltinData } from "../benchmarks/builtin-data.ts";
import { type CheckedItem, createItemChecks } from "./check-items.ts";
import { describeCost, describeInterval, describeTokens } from "./describe-plan.ts";
import { estimatePromptTokens } from "./estimate-prompt-tokens.ts";
import { createPlanRepository, type EarlierRunRow } from "./plan-repository.ts";
import { scoringPlan } from "./scoring-plan.ts";
import type { EvaluationOptions } from "./to-evaluation.ts";

/**
 * Completion tokens assumed for an answer when no earlier run of the model on the benchmark says
 * better: a worked answer of a few paragraphs (GSM8K's run 150–300). A multiple-choice letter
 * takes a handful and a reasoning model thousands, so the plan states it and the bound beside it.
 */
export const TYPICAL_COMPLETION_TOKENS = 256;

/** More prompts than any benchmark holds (a run without `limit`). */
const ALL_PROMPTS = 2_147_483_647;

/**
 * What a create request would cost and tell, item by item, without creating anything: checked
 * exactly as the create checks it (check-items.ts), then for each run its calls (prompts after
 * `limit` × repeats), its tokens and cost, and how wide its accuracy interval should be.
 */
export function createEvaluationPlanner(deps: {
  db: Database;
  catalog: Catalog;
  builtinData: BuiltinData;
  sandboxStatus: SandboxStatus;
}) {
  const checkItems = createItemChecks(deps);
  const repo = createPlanRepository(deps.db);

  async function planOne(
    scope: ProjectScope,
    checked: CheckedItem,
    index: number,
  ): Promise<EvaluationPlan> {
    const { item, benchmarkId, model, request, prices } = checked;
    const prompts = await repo.promptCount(benchmarkId, item.limit ?? ALL_PROMPTS);
    if (prompts === 0) throw badRequest(`body.${index}.dataset_id`, "the benchmark has no prompts");
    const repeats = item.repeats ?? 1;
    const calls = prompts * repeats;
    const { systemPrompt } = await scoringPlan(deps, benchmarkId);
    const promptTokens = await estimatePromptTokens(
      repo,
      { id: benchmarkId, systemPrompt },
      prompts,
    );
    const sent = request.parameters[model.profile.tokenLimit];
    const maxTokens = typeof sent === "number" ? sent : model.maxTokens;
    const earlier = await repo.latestSuccess(scope, item.model_id, benchmarkId);
    const answered = earlier ? earlier.done_count - earlier.failed_count : 0;
    const completionPerCall = Math.min(
      maxTokens,
      earlier && answered > 0 ? earlier.completion_tokens / answered : TYPICAL_COMPLETION_TOKENS,
    );
    const earlierRunId = earlier && answered > 0 ? earlier.id : null;

    const tokens = {
      prompt: Math.round(promptTokens.perPrompt * calls),
      completion: Math.round(completionPerCall * calls),
      completion_max: maxTokens * calls,
    };
    const cost = (completion: number) =>
      prices === null ? null : tokens.prompt * prices.input + completion * prices.output;
    const usd = cost(tokens.completion);
    const maxUsd = cost(tokens.completion_max);

    const interval = plannedInterval({
      prompts,
      repeats,
      earlier: earlier ? outcomeOf(earlier) : null,
    });
    const intervalRunId = earlier && earlier.done_count > 0 ? earlier.id : null;
    return {
      model_id: item.model_id,
      model_key: model.key,
      dataset_id: benchmarkId,
      prompts,
      repeats,
      calls,
      tokens: {
        ...tokens,
        max_tokens: maxTokens,
        completion_per_call: completionPerCall,
        completion_basis: earlierRunId === null ? "typical" : "earlier_run",
        description: describeTokens({
          prompts,
          repeats,
          tokenized: promptTokens.tokenized,
          perPrompt: promptTokens.perPrompt,
          completionPerCall,
          maxTokens,
          earlierRunId,
          earlierAnswers: answered,
          typicalCompletion: TYPICAL_COMPLETION_TOKENS,
        }),
      },
      cost: {
        usd,
        max_usd: maxUsd,
        price_source: prices?.source ?? null,
        cost_per_input_token: prices?.inputText ?? null,
        cost_per_output_token: prices?.outputText ?? null,
        max_cost_usd: item.max_cost_usd ?? null,
        description: describeCost({
          prices,
          usd,
          maxUsd,
          maxTokens,
          calls,
          budget: item.max_cost_usd ?? null,
        }),
      },
      ci95: {
        half_width: interval.halfWidth,
        kind: interval.kind,
        basis: interval.basis,
        method: interval.method,
        accuracy: interval.accuracy,
        between_prompt_variance: interval.betweenPromptVariance,
        within_prompt_variance: interval.withinPromptVariance,
        description: describeInterval(interval, { prompts, repeats, earlierRunId: intervalRunId }),
      },
      earlier_run: earlier
        ? {
            id: earlier.id,
            accuracy: earlier.done_count === 0 ? 0 : earlier.correct_count / earlier.done_count,
            answers: earlier.done_count,
            repeats: (JSON.parse(earlier.options) as EvaluationOptions).repeats ?? 1,
            finished_at: earlier.finished_at,
          }
        : null,
    };
  }

  return {
    /** One plan per item, in order; refused (400 naming `body.N.field`) where a create would be. */
    async plan(scope: ProjectScope, items: CreateEvaluationItem[]): Promise<EvaluationPlan[]> {
      const checked = await checkItems(scope, items);
      const plans: EvaluationPlan[] = [];
      for (const [i, item] of checked.entries()) plans.push(await planOne(scope, item, i));
      return plans;
    },
  };
}

export type EvaluationPlanner = ReturnType<typeof createEvaluationPlanner>;

/**
 * An earlier run's outcome as the interval planner reads it. Its within-prompt variance is read
 * from its stored statistics (`repeats.within_prompt_variance`) when it had repeats and measured
 * it; older runs, runs of one answer per prompt and runs that could not measure it give null.
 */
function outcomeOf(run: EarlierRunRow): EarlierOutcome {
  const stats = run.stats === null ? null : (JSON.parse(run.stats) as StoredRepeats);
  const within = stats?.repeats?.within_prompt_variance;
  return {
    correct: run.correct_count,
    answers: run.done_count,
    withinPromptVariance: typeof within === "number" && Number.isFinite(within) ? within : null,
  };
}

/** The part of a stored summary the planner reads; absent in runs without repeats. */
interface StoredRepeats {
  repeats?: { within_prompt_variance?: unknown } | null;
}
