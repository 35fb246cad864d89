import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createModelRepository } from "../models/repository.ts";
import { ModelUnavailableError } from "../models/resolve-endpoint.ts";
import type {
  JudgeModelProfile,
  JudgeModelProfiles,
} from "../trace-evaluations/judge-model-profile.ts";

/** The setting naming the optimizer model. */
export const OPTIMIZER_MODEL_SETTING = "ASSAY_OPTIMIZER_MODEL";

/**
 * The optimizer model's profile (key, prices) for estimates: ASSAY_OPTIMIZER_MODEL (a catalog
 * key, else a custom model of the project) when set, else the judge's own model. Throws
 * ModelUnavailableError when the setting names no known model.
 */
export function createOptimizerModelProfile(deps: {
  db: Database;
  catalog: Catalog;
  optimizerModel?: string | undefined;
  profiles: JudgeModelProfiles;
}) {
  const models = createModelRepository(deps.db);
  return async (scope: ProjectScope, judgeModel: JudgeModelProfile): Promise<JudgeModelProfile> => {
    const key = deps.optimizerModel;
    if (key === undefined) return judgeModel;
    const id =
      deps.catalog.models.find((m) => m.key === key)?.id ??
      (await models.findCustomByKey(scope, key))?.id;
    if (id === undefined)
      throw new ModelUnavailableError(`${OPTIMIZER_MODEL_SETTING} names no known model: ${key}`);
    return deps.profiles(scope, id);
  };
}
