import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import { createJudgeModelRepository } from "./judge-model-repository.ts";

export interface ModelLabel {
  key: string;
  name: string;
  /** Known for catalog models only. */
  company?: string;
}

/**
 * Names of judge models, in one query for any number of ids: catalog and custom models both have
 * rows in `models`; the company comes from the catalog.
 */
export async function modelLabels(
  deps: { db: Database; catalog: Catalog },
  ids: Iterable<string | null>,
): Promise<Map<string, ModelLabel>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null))];
  const labels = new Map<string, ModelLabel>();
  if (wanted.length === 0) return labels;
  const rows = await createJudgeModelRepository(deps.db).namesByIds(wanted);
  for (const row of rows) {
    const company = deps.catalog.findModel(row.id)?.company;
    labels.set(row.id, { key: row.key, name: row.name, ...(company ? { company } : {}) });
  }
  return labels;
}

/** The wire fields naming a judge model (all absent when there is none). */
export function modelFields(
  id: string | null,
  labels: ReadonlyMap<string, ModelLabel>,
): { model_id?: string; model_name?: string; model_company?: string } {
  if (id === null) return {};
  const label = labels.get(id);
  return {
    model_id: id,
    ...(label ? { model_name: label.name } : {}),
    ...(label?.company ? { model_company: label.company } : {}),
  };
}
