import type { Scorer } from "@assay/protocol";
import type { ScorerRow } from "../../platform/db/schema.ts";
import type { ModelLabel } from "../judges/model-labels.ts";

/** A scorer as the wire shows it (protocol §13.1), its model named beside its id. */
export function toScorer(row: ScorerRow, labels: ReadonlyMap<string, ModelLabel>): Scorer {
  const label = labels.get(row.model_id);
  return {
    id: row.id,
    organization_id: row.organization_id,
    project_id: row.project_id,
    name: row.name,
    description: row.description,
    model_id: row.model_id,
    model_name: label?.name ?? "",
    model_key: label?.key ?? "",
    model_company: label?.company ?? "",
    prompt: row.prompt,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
