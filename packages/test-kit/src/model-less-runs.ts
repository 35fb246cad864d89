import type { Client } from "@assay/client";
import type { EvaluationResultsTable } from "@assay/server/src/platform/db/schema.ts";

/**
 * For tests that write a run's results themselves, as a worker would, on a service without
 * workers: a custom model nobody calls and a custom benchmark of `prompts` (JSONL rows), created
 * through the API; answers the two, ready for `client.evaluations.create`.
 */
export async function modelAndBenchmark(
  client: Client,
  benchmarkName: string,
  prompts: readonly Record<string, unknown>[],
) {
  await client.models.createCustom({
    name: "acme/unused",
    key: "acme/unused",
    description: "",
    api_url: "http://127.0.0.1:9/v1",
    max_tokens: 8,
  });
  const key = benchmarkName.toLowerCase();
  await client.benchmarks.createCustom({
    name: benchmarkName,
    description: "",
    file: new TextEncoder().encode(`${prompts.map((p) => JSON.stringify(p)).join("\n")}\n`),
    filename: `${key}.jsonl`,
    scoring_metric: "exact_match",
  });
  const model = await client.models.getByKey("acme/unused");
  const benchmark = await client.benchmarks.getByKey(key);
  if (!model || !benchmark) throw new Error("the model or the benchmark was not created");
  return { model, benchmark };
}

/** A result row as a worker writes it: `fields` over a right, uncached, 10 ms answer. */
export function resultRow(
  evaluationId: string,
  position: number,
  fields: Partial<EvaluationResultsTable> = {},
): EvaluationResultsTable {
  return {
    evaluation_id: evaluationId,
    position,
    response: "",
    score: 1,
    passed: 1,
    reason: "",
    error: null,
    duration_ms: 10,
    prompt_tokens: 1,
    completion_tokens: 1,
    reasoning_tokens: 0,
    reasoning: null,
    cost_usd: null,
    cached: 0,
    metrics: "{}",
    scorer_scores: null,
    execution: null,
    created_at: new Date().toISOString(),
    ...fields,
  };
}
