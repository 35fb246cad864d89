import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import type { EvaluationRow } from "../../platform/db/schema.ts";
import { createNameRepository } from "./name-repository.ts";
import type { EvaluationLabels } from "./to-evaluation.ts";

/**
 * Names of the models and benchmarks evaluations refer to, in two queries per page of
 * evaluations. Catalog and custom entries both have rows; the company comes from the catalog.
 */
export function createEvaluationLabels(deps: { db: Database; catalog: Catalog }) {
  const names = createNameRepository(deps.db);
  const unknown: EvaluationLabels = {
    modelName: "",
    modelKey: "",
    modelCompany: "",
    benchmarkName: "",
    benchmarkDescription: "",
  };
  return {
    unknown,
    async forRows(rows: readonly EvaluationRow[]): Promise<Map<string, EvaluationLabels>> {
      const labels = new Map<string, EvaluationLabels>();
      if (rows.length === 0) return labels;
      const modelIds = [...new Set(rows.map((r) => r.model_id))];
      const benchmarkIds = [...new Set(rows.map((r) => r.benchmark_id))];
      const [models, benchmarks] = await Promise.all([
        names.models(modelIds),
        names.benchmarks(benchmarkIds),
      ]);
      const modelById = new Map(models.map((m) => [m.id, m]));
      const benchmarkById = new Map(benchmarks.map((b) => [b.id, b]));
      for (const row of rows) {
        const model = modelById.get(row.model_id);
        const benchmark = benchmarkById.get(row.benchmark_id);
        labels.set(row.id, {
          modelName: model?.name ?? "",
          modelKey: model?.key ?? "",
          modelCompany: deps.catalog.findModel(row.model_id)?.company ?? "",
          benchmarkName: benchmark?.name ?? "",
          benchmarkDescription: benchmark?.description ?? "",
        });
      }
      return labels;
    },
  };
}
