import type { Annotation, JudgeAnnotation } from "@assay/protocol";
import type { AnnotationRow } from "../../platform/db/schema.ts";
import type { AnnotationWithVerdict } from "./repository.ts";

/** A label as the wire shows it; a score or comment not given is left out. */
export function toAnnotation(row: AnnotationRow): Annotation {
  return {
    id: row.id,
    organization_id: row.organization_id,
    project_id: row.project_id,
    judge_id: row.judge_id,
    trace_id: row.trace_id,
    trace_evaluation_id: row.trace_evaluation_id,
    passed: Number(row.passed) === 1,
    ...(row.score === null ? {} : { score: Number(row.score) }),
    ...(row.comment === null ? {} : { comment: row.comment }),
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
  };
}

/** A label beside the judge's latest verdict, and whether they agree (absent without one). */
export function toJudgeAnnotation(row: AnnotationWithVerdict): JudgeAnnotation {
  const label = toAnnotation(row);
  if (row.judge_passed === null) return label;
  const judgePassed = Number(row.judge_passed) === 1;
  return {
    ...label,
    judge_passed: judgePassed,
    ...(row.judge_score === null ? {} : { judge_score: Number(row.judge_score) }),
    ...(row.judge_reasoning === null ? {} : { judge_reasoning: row.judge_reasoning }),
    agrees: judgePassed === label.passed,
  };
}
