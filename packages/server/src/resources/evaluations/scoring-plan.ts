import { ADDITIONAL_METRICS, type ScorerName } from "@assay/protocol";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import { createScoringPlanRepository } from "./scoring-plan-repository.ts";

/** How a benchmark's prompts are sent and scored. */
export interface ScoringPlan {
  scorer: ScorerName;
  regexPattern: string | null;
  systemPrompt: string | null;
  /** The judge of `llm_judge` scoring and judged metrics; null means the configured default. */
  judgeModelId: string | null;
  instructions: string | null;
  /** Additional metrics to compute per result (readability, toxicity, hallucination). */
  metrics: string[];
}

export async function scoringPlan(
  deps: { db: Database; catalog: Catalog },
  benchmarkId: string,
): Promise<ScoringPlan> {
  const builtin = deps.catalog.findBenchmark(benchmarkId);
  if (builtin) {
    return {
      scorer: builtin.scoring.scorer,
      regexPattern: builtin.scoring.regex_pattern ?? null,
      systemPrompt: null,
      judgeModelId: null,
      instructions: null,
      metrics: [],
    };
  }
  const row = await createScoringPlanRepository(deps.db).getScoring(benchmarkId);
  return {
    scorer: (row.scoring_metric ?? "exact_match") as ScorerName,
    regexPattern: row.regex_pattern,
    systemPrompt: row.system_prompt,
    judgeModelId: row.llm_judge_model_id,
    instructions: row.custom_instructions,
    metrics: JSON.parse(row.metrics) as string[],
  };
}

const COMPUTED_METRICS = new Set<string>(ADDITIONAL_METRICS);

/** The plan's metrics that a run computes per result and averages when it finishes. */
export const computedMetricNames = (plan: ScoringPlan): string[] =>
  plan.metrics.filter((m) => COMPUTED_METRICS.has(m));
