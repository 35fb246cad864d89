import type { CreateEvaluationItem, RunRequest } from "@assay/protocol";
import { AppError, badRequest } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { ResolvedProvider } from "../../catalog/models/model-catalog.ts";
import type { SandboxStatus } from "../../engine/sandbox/sandbox-status.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { BuiltinData } from "../benchmarks/builtin-data.ts";
import { createBenchmarkRepository } from "../benchmarks/repository.ts";
import { requireSandboxFor } from "../benchmarks/require-sandbox.ts";
import { type ModelPrices, readModelPrices } from "../models/model-prices.ts";
import { createModelRepository } from "../models/repository.ts";
import { type ModelRequest, readModelRequest } from "../models/resolve-endpoint.ts";
import { plannedRequest } from "./planned-request.ts";

/** A create (or plan) request's item once checked: what creating or planning its run needs. */
export interface CheckedItem {
  item: CreateEvaluationItem;
  /** The benchmark's id (a built-in one's data is loaded by now). */
  benchmarkId: string;
  model: ModelRequest;
  /** What every call of the run sends beside the prompt, fixed now. */
  request: RunRequest;
  /** Null when the model has none: its runs have no cost and take no budget. */
  prices: ModelPrices | null;
}

/** Why a budget is refused for a model without prices (it could never be reached). */
export const NO_PRICES_FOR_BUDGET = "the model has no prices; a budget cannot be enforced";

/** Why a catalog model cannot be run here: the variable to set, which the service reads at start. */
function unconfiguredProvider(
  model: { key: string; provider: string },
  provider: ResolvedProvider | undefined,
): string {
  const variable = provider?.apiKeyEnv ?? provider?.baseUrlEnv;
  return (
    `the provider ${model.provider} of ${model.key} is not configured on this server: ` +
    (variable ? `set ${variable} in the service's environment and restart it` : "configure it")
  );
}

/**
 * The checks `POST …/evaluations` and `POST …/evaluations/plan` share, so a plan is refused
 * exactly where the run would be: the model and benchmark are the project's (or built in), the
 * sampling options are ones the model takes, and a budget has prices to count against. Each
 * refusal is a 400 naming its field as `body.<index>.<field>`.
 */
export function createItemChecks(deps: {
  db: Database;
  catalog: Catalog;
  builtinData: BuiltinData;
  sandboxStatus: SandboxStatus;
}) {
  const models = createModelRepository(deps.db);
  const benchmarks = createBenchmarkRepository(deps.db);

  async function checkModel(scope: ProjectScope, id: string, field: string) {
    const entry = deps.catalog.findModel(id);
    if (entry) {
      // Refused now rather than a run that fails on its first call: nothing could answer it.
      const provider = deps.catalog.providers.get(entry.provider);
      if (!provider?.configured) throw badRequest(field, unconfiguredProvider(entry, provider));
      return;
    }
    if (await models.findCustom(scope, id)) return;
    throw badRequest(field, "no such model in this project");
  }

  async function checkBenchmark(scope: ProjectScope, id: string, field: string) {
    const builtin = deps.catalog.findBenchmark(id);
    if (builtin) {
      await requireSandboxFor(deps.sandboxStatus, builtin.scoring.scorer, field);
      await deps.builtinData.ensureLoaded(builtin);
      return builtin.id;
    }
    const own = await benchmarks.findOwn(scope, id);
    if (!own) throw badRequest(field, "no such benchmark in this project");
    if (own.generation_status === "generating")
      throw badRequest(field, "the benchmark is still being generated; try again when it is ready");
    if (own.generation_status === "failed")
      throw badRequest(field, `the benchmark could not be generated: ${own.status_description}`);
    await requireSandboxFor(deps.sandboxStatus, own.scoring_metric, field);
    return own.id;
  }

  /** Every item checked in order; the first refusal throws. */
  return async function checkItems(
    scope: ProjectScope,
    items: readonly CreateEvaluationItem[],
  ): Promise<CheckedItem[]> {
    const checked: CheckedItem[] = [];
    for (const [i, item] of items.entries()) {
      await checkModel(scope, item.model_id, `body.${i}.model_id`);
      const model = await readModelRequest(deps, item.model_id);
      const request = plannedRequest(model, item);
      if ("problems" in request)
        throw new AppError(
          "VALIDATION_ERROR",
          request.problems.map((p) => `body.${i}.${p.field}: ${p.message}`).join("; "),
          { details: request.problems.map((p) => ({ ...p, field: `body.${i}.${p.field}` })) },
        );
      const prices = await readModelPrices(deps, item.model_id);
      if (item.max_cost_usd !== undefined && prices === null)
        throw badRequest(`body.${i}.max_cost_usd`, NO_PRICES_FOR_BUDGET);
      const benchmarkId = await checkBenchmark(scope, item.dataset_id, `body.${i}.dataset_id`);
      checked.push({ item, benchmarkId, model, request, prices });
    }
    return checked;
  };
}

export type CheckItems = ReturnType<typeof createItemChecks>;
