import {
  type EvaluationProgressEvent,
  type EvaluationStatus,
  FINISHED_EVALUATION_STATUSES,
} from "@assay/protocol";
import { accuracyFigures } from "../../engine/stats/index.ts";
import type { EvaluationProgressRow } from "./repository.ts";
import { unixSeconds } from "./to-evaluation.ts";

/** The wire form of a run's counters: accuracy so far with its interim 95% Wilson interval. */
export function toProgressEvent(row: EvaluationProgressRow): EvaluationProgressEvent {
  const { accuracy, ci95 } = accuracyFigures(row.correct_count, row.done_count);
  return {
    evaluation_id: row.id,
    status: row.status as EvaluationStatus,
    status_description: row.status_description,
    total: row.total_count,
    done: row.done_count,
    correct: row.correct_count,
    failed: row.failed_count,
    cached: row.cached_count,
    accuracy,
    accuracy_ci95: ci95,
    finished_at: unixSeconds(row.finished_at),
  };
}

export const isFinishedEvent = (event: EvaluationProgressEvent) =>
  FINISHED_EVALUATION_STATUSES.includes(event.status);
