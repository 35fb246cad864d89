import type { Catalog } from "../../catalog/catalog.ts";
import type { JudgeModelLimits } from "../../engine/runners/trace-judging/index.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createJudgeModelRepository } from "../judges/judge-model-repository.ts";
import { tokenPrices } from "../models/model-prices.ts";
import { createModelRepository } from "../models/repository.ts";
import { ModelUnavailableError } from "../models/resolve-endpoint.ts";

/**
 * The answer size sent as `max_tokens` to catalog models (and custom models without their own),
 * as models/resolve-endpoint.ts sends it; the context budget keeps room for it.
 */
const DEFAULT_MAX_TOKENS = 1024;

/** What trace judging needs to know about a judge model besides how to call it. */
export interface JudgeModelProfile {
  id: string;
  key: string;
  limits: JudgeModelLimits;
  /** USD per token; null when unknown (a custom model without prices of its own). */
  prices: { input: number; output: number } | null;
}

/**
 * Why a judge created without a model cannot run while no default judge model is configured, and
 * the two ways out, in the words of each client (SDKs, CLI) and of the server's setting.
 */
export const NO_JUDGE_MODEL =
  "the judge has no model and the server has no default judge model: give the judge one with " +
  "judges.update(judge_id, model_id=...) (TypeScript: judges.update(judgeId, { model_id }), " +
  "CLI: assay judges update <id> --model <key>), or set ASSAY_DEFAULT_JUDGE_MODEL on the server";

/**
 * A judge model's key, context and prices: catalog models from the catalog (context length and
 * prices known), custom models from their row (context unknown: the engine's default applies;
 * prices when the model was given some). A judge without a model (`model_id` null) uses the configured default judge model.
 * Throws ModelUnavailableError when neither names a known model.
 */
export function createJudgeModelProfiles(deps: {
  db: Database;
  catalog: Catalog;
  defaultJudgeModel?: string;
}) {
  const models = createModelRepository(deps.db);
  const judgeModels = createJudgeModelRepository(deps.db);

  async function defaultModelId(scope: ProjectScope): Promise<string> {
    const key = deps.defaultJudgeModel;
    if (key === undefined) throw new ModelUnavailableError(NO_JUDGE_MODEL);
    const id =
      deps.catalog.models.find((m) => m.key === key)?.id ??
      (await models.findCustomByKey(scope, key))?.id;
    if (id === undefined)
      throw new ModelUnavailableError(`ASSAY_DEFAULT_JUDGE_MODEL names no known model: ${key}`);
    return id;
  }

  return async (scope: ProjectScope, modelId: string | null): Promise<JudgeModelProfile> => {
    const id = modelId ?? (await defaultModelId(scope));
    const entry = deps.catalog.findModel(id);
    if (entry) {
      return {
        id,
        key: entry.key,
        limits: { contextTokens: entry.context_length, maxOutputTokens: DEFAULT_MAX_TOKENS },
        prices: tokenPrices(entry.cost_per_input_token, entry.cost_per_output_token),
      };
    }
    // Custom models by id regardless of their state: a deleted judge model still names itself.
    const row = await judgeModels.findCustomInAnyState(scope, id);
    if (!row) throw new ModelUnavailableError(`unknown judge model ${id}`);
    return {
      id,
      key: row.key,
      limits: { contextTokens: null, maxOutputTokens: row.max_tokens ?? DEFAULT_MAX_TOKENS },
      prices: tokenPrices(row.cost_per_input_token, row.cost_per_output_token),
    };
  };
}

export type JudgeModelProfiles = ReturnType<typeof createJudgeModelProfiles>;
