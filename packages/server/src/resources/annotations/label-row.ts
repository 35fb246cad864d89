import { randomUUID } from "node:crypto";
import type { PutAnnotationBody } from "@assay/protocol";
import type { AnnotationRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { LabelPair } from "./repository.ts";

/** Who labels, and when: the same for every label of one request. */
export interface LabelStamp {
  at: string;
  /** The API key's display form. */
  by: string;
}

/**
 * A label's row as a put or an import writes it. The whole label is replaced on a later put: a
 * score or comment left out is cleared, and the label is then by whoever put it last.
 */
export function labelRow(
  scope: ProjectScope,
  pair: LabelPair,
  traceEvaluationId: string,
  label: PutAnnotationBody,
  stamp: LabelStamp,
): AnnotationRow {
  return {
    id: randomUUID(),
    organization_id: scope.organizationId,
    project_id: scope.projectId,
    judge_id: pair.judge_id,
    trace_id: pair.trace_id,
    trace_evaluation_id: traceEvaluationId,
    passed: label.passed ? 1 : 0,
    score: label.score ?? null,
    // The schema trims comments: an empty one is no comment.
    comment: label.comment ? label.comment : null,
    created_at: stamp.at,
    updated_at: stamp.at,
    created_by: stamp.by,
  };
}
