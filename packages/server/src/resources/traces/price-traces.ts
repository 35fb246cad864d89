import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { type TokenPrices, tokenPrices } from "../models/model-prices.ts";
import { createTraceCostRepository, type PricedCustomModel } from "./trace-cost-repository.ts";

/** `gpt-4o-2024-08-06` → `gpt-4o`: providers answer with a dated name for an alias. */
const DATED = /-\d{4}-?\d{2}-?\d{2}$/;

/**
 * Gives the project's traces without a cost one, where their model has prices: a custom model
 * of the project (by key, name or the name its server knows it by), else a catalog model (by key
 * or provider model name), each also tried without a date suffix. Traces of a model without
 * prices keep no cost, not a zero: "unknown" must not sort as "free".
 */
export async function priceTraces(
  deps: { db: Database; catalog: Catalog },
  scope: ProjectScope,
): Promise<void> {
  const repo = createTraceCostRepository(deps.db);
  const models = await repo.traceModels(scope, "unpriced");
  if (models.length === 0) return;
  const custom = await repo.pricedCustomModels(scope);
  for (const model of models) {
    const prices =
      pricesOf(model, custom, deps.catalog) ??
      pricesOf(model.replace(DATED, ""), custom, deps.catalog);
    if (prices) await repo.setCost(scope, model, prices);
  }
}

/**
 * Prices again the project's traces of a model whose prices or names changed (`names`: every
 * key, name and provider name it had or has), so that a trace's cost follows the model's prices
 * rather than the ones it had when the trace came in. Traces whose model lost its prices keep no
 * cost; those another model still prices get that one's.
 */
export async function repriceTraces(
  deps: { db: Database; catalog: Catalog },
  scope: ProjectScope,
  names: readonly (string | null)[],
): Promise<void> {
  const repo = createTraceCostRepository(deps.db);
  const wanted = new Set(names.filter((name): name is string => Boolean(name)));
  const priced = await repo.traceModels(scope, "priced");
  await repo.clearCost(
    scope,
    priced.filter((model) => wanted.has(model) || wanted.has(model.replace(DATED, ""))),
  );
  await priceTraces(deps, scope);
}

function pricesOf(
  name: string,
  custom: readonly PricedCustomModel[],
  catalog: Catalog,
): TokenPrices | null {
  const own = custom.find((m) => m.key === name || m.name === name || m.provider_model === name);
  if (own) return tokenPrices(own.cost_per_input_token, own.cost_per_output_token);
  const entry = catalog.models.find((m) => m.key === name || m.provider_model === name);
  return entry ? tokenPrices(entry.cost_per_input_token, entry.cost_per_output_token) : null;
}
