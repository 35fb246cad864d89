import type { CustomBenchmark, ScorerName } from "@assay/protocol";
import type { BenchmarkRow } from "../../platform/db/schema.ts";

/** A project's own benchmark (custom or smart) as the wire shows it. */
export function toCustomBenchmark(
  row: BenchmarkRow,
  files: string[],
  scorerIds: string[],
): CustomBenchmark {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    organization_id: row.organization_id as string,
    project_id: row.project_id as string,
    system_prompt: row.system_prompt,
    regex_pattern: row.regex_pattern,
    llm_judge_model_id: row.llm_judge_model_id,
    custom_instructions: row.custom_instructions,
    scoring_metric: (row.scoring_metric ?? "exact_match") as ScorerName,
    prompt_count: row.prompt_count,
    version_count: 1,
    metrics: JSON.parse(row.metrics) as string[],
    files,
    disabled: row.disabled_at !== null,
    kind: row.kind as CustomBenchmark["kind"],
    input_type: row.input_type as CustomBenchmark["input_type"],
    generation_status: row.generation_status as CustomBenchmark["generation_status"],
    status_description: row.status_description,
    created_at: row.created_at,
    custom_scorers: scorerIds,
  };
}
