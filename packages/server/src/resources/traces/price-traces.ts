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
  const models = await repo.unpricedModels(scope);
  if (models.length === 0) return;
  const custom = await repo.pricedCustomModels(scope);
  for (const model of models) {
    const prices =
      pricesOf(model, custom, deps.catalog) ??
      pricesOf(model.replace(DATED, ""), custom, deps.catalog);
    if (prices) await repo.setCost(scope, model, prices);
  }
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
