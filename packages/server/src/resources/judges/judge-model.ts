import { badRequest } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createModelRepository } from "../models/repository.ts";

/** The setting that names the judge model of judges created without one. */
export const DEFAULT_JUDGE_MODEL_SETTING = "ASSAY_DEFAULT_JUDGE_MODEL";

/**
 * Which model a judge uses, as a `models` row id. A given `model_id` is a catalog model or a live
 * custom model of the project, by id or by key. Without one, the configured default judge model
 * is resolved now and stored: a judge version pins its model, so changing the setting later
 * does not silently change what existing judges measure. With no default configured either (a
 * fresh install), the judge is stored without a model (null): creating it must not need server
 * configuration, and its runs use the default judge model of their time, or fail saying how to
 * give the judge one (trace-evaluations/judge-model-profile.ts).
 */
export function createJudgeModelResolver(deps: {
  db: Database;
  catalog: Catalog;
  defaultJudgeModel?: string;
}) {
  const models = createModelRepository(deps.db);

  async function byIdOrKey(scope: ProjectScope, ref: string): Promise<string | undefined> {
    const catalogModel =
      deps.catalog.findModel(ref) ?? deps.catalog.models.find((m) => m.key === ref);
    if (catalogModel) return catalogModel.id;
    const custom =
      (await models.findCustom(scope, ref)) ?? (await models.findCustomByKey(scope, ref));
    return custom?.id;
  }

  return {
    async resolve(
      scope: ProjectScope,
      ref: string | undefined,
      field: string,
    ): Promise<string | null> {
      if (ref !== undefined) {
        const id = await byIdOrKey(scope, ref);
        if (id === undefined) throw badRequest(field, "no such model in this project");
        return id;
      }
      const key = deps.defaultJudgeModel;
      if (key === undefined) return null;
      const id = await byIdOrKey(scope, key);
      if (id === undefined)
        throw badRequest(
          field,
          `no model given, and ${DEFAULT_JUDGE_MODEL_SETTING} names no model known to this project: ${key}`,
        );
      return id;
    },
  };
}

export type JudgeModelResolver = ReturnType<typeof createJudgeModelResolver>;
