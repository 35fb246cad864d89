import type { OptimizationBudget, OptimizationStatus } from "@assay/protocol";
import type { OptimizationOutcome, OptimizationPlan } from "../../optimizer/index.ts";
import type { CompleteFn } from "../../scorers/index.ts";
import type { JudgeUsage, OpenedJudge, StoredTrace } from "../trace-judging/index.ts";

/** An optimization run as the runner sees it: where it stands and what it optimizes. */
export interface OptimizationRunWork {
  id: string;
  status: OptimizationStatus;
  judgeId: string;
  /** From the judge's snapshot; null: the configured default judge model. */
  judgeModelId: string | null;
  originalGoal: string;
  budget: OptimizationBudget;
  /** USD, as estimated when the run was created. */
  estimatedCost: number;
}

/** One person's label on a trace, with the trace as stored. */
export interface StoredLabel {
  traceId: string;
  passed: boolean;
  comment: string | undefined;
  trace: StoredTrace;
}

/** What a successful run records besides its status. */
export interface OptimizationRunResult {
  plan: OptimizationPlan;
  outcome: OptimizationOutcome;
  logs: string;
  actualCost: number;
  annotationCount: number;
}

/**
 * The optimization runs of one job's scope, as the optimization runner reads and moves them
 * (implemented by resources/judge-optimizations/judge-optimization-store.ts). Every status
 * change is guarded by the status it leaves; the booleans say whether it happened.
 */
export interface JudgeOptimizationStore {
  /** undefined when the run is gone or belongs to another scope. */
  find(id: string): Promise<OptimizationRunWork | undefined>;
  /** pending → in_progress. */
  start(id: string): Promise<boolean>;
  /** in_progress → in_progress from scratch (its worker died or was stopped mid-run). */
  restart(id: string): Promise<boolean>;
  /** People's labels for the judge, in trace id order. */
  labels(judgeId: string): Promise<StoredLabel[]>;
  /** The logs and cost so far; false when the run is not running any more. */
  progress(id: string, logs: string, actualCost: number): Promise<boolean>;
  /** in_progress → success with the result. */
  succeed(id: string, result: OptimizationRunResult): Promise<void>;
  /** pending or in_progress → failure, with why. */
  fail(
    id: string,
    failure: { description: string; logs: string; actualCost: number },
  ): Promise<void>;
}

/** The two models of a run, ready to call: the judge being optimized and the optimizer. */
export interface OptimizationModels {
  judge: OpenedJudge;
  optimizer: { key: string; complete: CompleteFn; usage(): JudgeUsage };
}

/**
 * Opens the judge model a snapshot names (null: the default judge model) and the optimizer model
 * (the configured one, else the judge model), their calls stopped by `signal`. Throws
 * ModelUnavailableError when either cannot be called.
 */
export type OpenOptimizationModels = (
  judgeModelId: string | null,
  signal: AbortSignal,
) => Promise<OptimizationModels>;
