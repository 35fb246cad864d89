import type { Agreement, Judge, JudgeVersion } from "@assay/protocol";
import type { JudgeRow } from "../../platform/db/schema.ts";
import { type ModelLabel, modelFields } from "./model-labels.ts";
import type { JudgeVersionRow } from "./repository.ts";

/**
 * A judge as the wire shows it (protocol §2.6): the row, its versions oldest first, its runs,
 * and (extensions) how its verdicts agree with people's labels.
 */
export function toJudge(
  row: JudgeRow,
  versions: readonly JudgeVersionRow[],
  labels: ReadonlyMap<string, ModelLabel>,
  runCount: number,
  agreement: Agreement,
): Judge {
  return {
    id: row.id,
    organization_id: row.organization_id,
    project_id: row.project_id,
    name: row.name,
    evaluation_goal: row.evaluation_goal,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...modelFields(row.model_id, labels),
    run_count: runCount,
    versions: versions.map((v) => toJudgeVersion(v, labels)),
    annotation_count: agreement.annotation_count,
    agreement,
  };
}

function toJudgeVersion(
  row: JudgeVersionRow,
  labels: ReadonlyMap<string, ModelLabel>,
): JudgeVersion {
  return {
    version: row.version,
    name: row.name,
    evaluation_goal: row.evaluation_goal,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
    ...modelFields(row.model_id, labels),
  };
}
