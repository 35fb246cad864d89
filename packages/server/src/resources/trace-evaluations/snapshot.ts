import type { JudgeSnapshot } from "@assay/protocol";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import type { JudgeRow } from "../../platform/db/schema.ts";
import { modelLabels } from "../judges/model-labels.ts";

/**
 * The judge as it is now, kept with each evaluation (camelCase keys, protocol §2.8): the worker
 * judges with this goal and model even if the judge changes before it runs, and the evaluation
 * shows which version judged it.
 */
export async function snapshotOf(
  deps: { db: Database; catalog: Catalog },
  judge: JudgeRow,
): Promise<JudgeSnapshot> {
  const label =
    judge.model_id === null
      ? undefined
      : (await modelLabels(deps, [judge.model_id])).get(judge.model_id);
  return {
    name: judge.name,
    version: judge.version,
    evaluationGoal: judge.evaluation_goal,
    ...(judge.model_id === null ? {} : { modelId: judge.model_id }),
    ...(label ? { modelName: label.name } : {}),
    ...(label?.company ? { modelCompany: label.company } : {}),
  };
}
