import type { TraceEvaluationStatus, TraceFormat } from "@assay/protocol";
import type { CompleteFn } from "../../scorers/index.ts";
import type { JudgeModelLimits } from "./context-budget.ts";
import type { JudgeUsage } from "./judge-caller.ts";

/** A trace evaluation as the runner sees it: where it stands and what it judges with. */
export interface TraceEvaluationWork {
  status: TraceEvaluationStatus;
  traceId: string;
  /** The judge's goal and model, from the snapshot taken when the evaluation was created. */
  goal: string;
  /** null: the judge has no model of its own, the configured default judge model applies. */
  judgeModelId: string | null;
}

/** A stored trace, parsed, with the format it was recognized as. */
export interface StoredTrace {
  record: Record<string, unknown>;
  format: TraceFormat;
}

/** What a successful evaluation records besides its status. */
export interface TraceEvaluationOutcome {
  score: number;
  passed: boolean;
  reasoning: string;
  /** The judge model's key. */
  model: string;
  turns: number;
  truncated: boolean;
  usage: JudgeUsage;
}

/**
 * The trace evaluations of one job's scope, as the trace evaluation runner reads and moves them
 * (implemented by resources/trace-evaluations/trace-evaluation-store.ts). Every status change is
 * guarded by the status it leaves, so a change that finds the evaluation moved on does nothing.
 */
export interface TraceEvaluationStore {
  /** undefined when the evaluation is gone or belongs to another scope. */
  find(id: string): Promise<TraceEvaluationWork | undefined>;
  /** pending → in_progress. */
  start(id: string): Promise<void>;
  /** undefined when the trace was deleted. */
  findTrace(traceId: string): Promise<StoredTrace | undefined>;
  /** in_progress → success with the verdict. */
  succeed(id: string, outcome: TraceEvaluationOutcome): Promise<void>;
  /** pending or in_progress → failure, with why. */
  fail(id: string, reason: string): Promise<void>;
}

/** A judge model ready to call: its key, its limits, and a metered CompleteFn. */
export interface OpenedJudge {
  key: string;
  /** The limits the trace is fitted to, with the endpoint's answer size. */
  limits: JudgeModelLimits;
  complete: CompleteFn;
  /** Tokens, cost and latency of the calls made so far through `complete`. */
  usage(): JudgeUsage;
}

/**
 * Opens the judge model a snapshot names (null: the default judge model), its calls stopped by
 * `signal`. Throws ModelUnavailableError when there is no such model to call.
 */
export type OpenJudge = (modelId: string | null, signal: AbortSignal) => Promise<OpenedJudge>;
