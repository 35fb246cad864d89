import type {
  JudgeOptimizationRun,
  OptimizationBudget,
  OptimizationStats,
  OptimizationStatus,
  SplitAgreement,
} from "@assay/protocol";
import type { OptimizationOutcome, OptimizationPlan } from "../../engine/optimizer/index.ts";
import type { AgreementFigures } from "../../engine/stats/index.ts";
import type { JudgeOptimizationRunRow } from "../../platform/db/schema.ts";
import { parseSnapshot } from "../trace-evaluations/to-trace-evaluation.ts";

/** A run as the wire shows it (protocol §2.9); unset optional fields are left out. */
export function toOptimizationRun(row: JudgeOptimizationRunRow): JudgeOptimizationRun {
  const optional = <K extends string, V>(key: K, value: V | null) =>
    (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>;
  return {
    id: row.id,
    organization_id: row.organization_id,
    project_id: row.project_id,
    judge_id: row.judge_id,
    created_at: row.created_at,
    status: row.status as OptimizationStatus,
    budget: row.budget as OptimizationBudget,
    annotation_count: Number(row.annotation_count),
    estimated_cost: Number(row.estimated_cost),
    actual_cost: Number(row.actual_cost),
    user_id: row.user_id,
    status_description: row.status_description,
    original_goal: row.original_goal,
    ...optional("optimized_goal", row.optimized_goal),
    logs: row.logs,
    ...optional("started_at", row.started_at),
    ...optional("finished_at", row.finished_at),
    ...optional("applied_at", row.applied_at),
    judge_snapshot: parseSnapshot(row.judge_snapshot),
    ...optional(
      "baseline_accuracy",
      row.baseline_accuracy === null ? null : Number(row.baseline_accuracy),
    ),
    ...optional(
      "optimized_accuracy",
      row.optimized_accuracy === null ? null : Number(row.optimized_accuracy),
    ),
    ...optional(
      "applied_version",
      row.applied_version === null ? null : Number(row.applied_version),
    ),
    ...optional("assay", row.stats === null ? null : (JSON.parse(row.stats) as OptimizationStats)),
  };
}

/** Agreement figures on one split as the wire's extension shows them. */
export function toSplitAgreement(figures: AgreementFigures): SplitAgreement {
  return {
    count: figures.n,
    accuracy: figures.accuracy ?? 0,
    accuracy_interval: figures.accuracyInterval ?? { low: 0, high: 1 },
    kappa: figures.kappa,
    kappa_interval: figures.kappaInterval,
    ...(figures.kappaUndefined === null ? {} : { kappa_undefined_reason: figures.kappaUndefined }),
  };
}

/** The figures behind a finished run's accuracies (the `assay` extension). */
export function toOptimizationStats(
  plan: OptimizationPlan,
  outcome: OptimizationOutcome,
): OptimizationStats {
  return {
    rounds: plan.rounds,
    candidates_per_round: plan.candidates,
    training_count: outcome.trainingCount,
    held_out_count: outcome.heldOutCount,
    baseline: {
      training: toSplitAgreement(outcome.baseline.training),
      held_out: toSplitAgreement(outcome.baseline.heldOut),
    },
    ...(outcome.best
      ? {
          best: {
            training: toSplitAgreement(outcome.best.training),
            held_out: toSplitAgreement(outcome.best.heldOut),
          },
        }
      : {}),
    ...(outcome.heldOutTest
      ? {
          held_out_test: {
            only_best_agrees: outcome.heldOutTest.onlyCandidate,
            only_baseline_agrees: outcome.heldOutTest.onlyOriginal,
            p_value: outcome.heldOutTest.pValue,
            method: "mcnemar_exact" as const,
          },
        }
      : {}),
    improved: outcome.improved,
    judge_calls: outcome.judgeCalls,
    optimizer_calls: outcome.optimizerCalls,
  };
}
