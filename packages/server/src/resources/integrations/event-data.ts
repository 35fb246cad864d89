import type { IntegrationEventDataSchema } from "@assay/protocol";
import type { z } from "zod";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Database } from "../../platform/db/database.ts";
import { createEvaluationLabels } from "../evaluations/labels.ts";
import { readSummary } from "../evaluations/stored-summary.ts";
import type { RunObject } from "./run-events.ts";
import { createRunFactsRepository } from "./run-facts-repository.ts";

export type EventData = z.infer<typeof IntegrationEventDataSchema>;

export interface EventDataDeps {
  db: Database;
  catalog: Catalog;
  /** The service's public origin; links point at its dashboard (`/ui/…`). */
  publicUrl: string | undefined;
}

const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * The `data` of a run's event, read from the run as it ended: what ran, its status, its accuracy
 * with the 95% interval where the run has one, its counts and a link to it in the dashboard. A
 * run deleted since it ended still gets a body, with what the event itself knows.
 */
export function createEventDataRenderer(deps: EventDataDeps) {
  const facts = createRunFactsRepository(deps.db);
  const labels = createEvaluationLabels(deps);
  const link = (path: string) => (deps.publicUrl ? `${deps.publicUrl}/ui${path}` : null);

  return async function render(
    object: RunObject,
    runId: string,
    projectId: string | null,
  ): Promise<EventData> {
    const base = {
      object,
      id: runId,
      project_id: projectId,
      accuracy: null,
      accuracy_ci95: null,
      counts: {},
    };
    switch (object) {
      case "evaluation": {
        const row = await facts.evaluation(runId);
        if (!row) return { ...base, status: "deleted", summary: "evaluation deleted", url: null };
        const label = (await labels.forRows([row])).get(row.id) ?? labels.unknown;
        const summary = readSummary(row);
        const graded = row.done_count > 0;
        return {
          ...base,
          status: row.status,
          summary:
            `${label.modelName || row.model_id} on ${label.benchmarkName || row.benchmark_id}: ${row.status}` +
            (graded
              ? `, accuracy ${percent(summary.accuracy)} (95% CI ${percent(summary.ci95.low)}–${percent(summary.ci95.high)})`
              : "") +
            (row.status_description ? ` — ${row.status_description}` : ""),
          accuracy: graded ? summary.accuracy : null,
          accuracy_ci95: graded ? summary.ci95 : null,
          counts: {
            total: row.total_count,
            done: row.done_count,
            correct: row.correct_count,
            failed: row.failed_count,
          },
          url: link(`/evaluations/${row.id}`),
        };
      }
      case "trace_evaluation": {
        const row = await facts.traceEvaluation(runId);
        if (!row)
          return { ...base, status: "deleted", summary: "trace evaluation deleted", url: null };
        const verdict = row.passed === null ? "" : row.passed === 1 ? ", passed" : ", failed";
        return {
          ...base,
          status: row.status,
          summary:
            `trace evaluation of trace ${row.trace_id}: ${row.status}${verdict}` +
            (row.status_description ? ` — ${row.status_description}` : ""),
          accuracy: row.score,
          counts: row.passed === null ? {} : { passed: row.passed, failed: 1 - row.passed },
          url: link(`/traces/${row.trace_id}`),
        };
      }
      case "judge_optimization": {
        const row = await facts.optimization(runId);
        if (!row) return { ...base, status: "deleted", summary: "optimization deleted", url: null };
        const change =
          row.baseline_accuracy !== null && row.optimized_accuracy !== null
            ? `, agreement ${percent(row.baseline_accuracy)} → ${percent(row.optimized_accuracy)}`
            : "";
        return {
          ...base,
          status: row.status,
          summary:
            `judge optimization of judge ${row.judge_id}: ${row.status}${change}` +
            (row.status_description ? ` — ${row.status_description}` : ""),
          accuracy: row.optimized_accuracy,
          counts: { annotations: row.annotation_count },
          url: link(`/optimizations/${row.id}`),
        };
      }
      case "benchmark_generation": {
        const row = await facts.benchmark(runId);
        if (!row) return { ...base, status: "deleted", summary: "benchmark deleted", url: null };
        return {
          ...base,
          status: row.generation_status,
          summary:
            `generation of benchmark ${row.name}: ${row.generation_status}` +
            (row.generation_status === "ready" ? `, ${row.prompt_count} prompts` : "") +
            (row.status_description ? ` — ${row.status_description}` : ""),
          counts: { prompts: row.prompt_count },
          url: link(`/benchmarks/${row.id}`),
        };
      }
    }
  };
}
