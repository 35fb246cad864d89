import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import { createModelRepository } from "./repository.ts";

/** USD per token, as the gateway multiplies them by a call's tokens. */
export interface TokenPrices {
  input: number;
  output: number;
}

/** A model's prices with where they come from: the catalog's entry or the custom model's own. */
export interface ModelPrices extends TokenPrices {
  source: "catalog" | "model";
  /** The decimal text they were given as (USD per token). */
  inputText: string;
  outputText: string;
}

/** Prices from their decimal text; null unless both are set (a cost needs both). */
export function tokenPrices(input: string | null, output: string | null): TokenPrices | null {
  return input === null || output === null
    ? null
    : { input: Number(input), output: Number(output) };
}

/**
 * A model's prices, for a model the caller already checked is the catalog's or the project's:
 * the catalog entry's, else the custom model's own (deleted ones included: a queued run still
 * has them). Null when it has none.
 */
export async function readModelPrices(
  deps: { db: Database; catalog: Catalog },
  modelId: string,
): Promise<ModelPrices | null> {
  const entry = deps.catalog.findModel(modelId);
  const row = entry ? undefined : await createModelRepository(deps.db).findCustomById(modelId);
  const source = entry ? "catalog" : "model";
  const inputText = (entry ?? row)?.cost_per_input_token ?? null;
  const outputText = (entry ?? row)?.cost_per_output_token ?? null;
  const prices = tokenPrices(inputText, outputText);
  if (prices === null || inputText === null || outputText === null) return null;
  return { ...prices, source, inputText, outputText };
}
