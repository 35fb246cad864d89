import { INTEGRATION_EVENT_TYPES, type IntegrationEventType } from "@assay/protocol";

/** Each event as a person reads it, in the protocol's order. */
export const EVENT_NAMES: Readonly<Record<IntegrationEventType, string>> = {
  "evaluation.finished": "Evaluation succeeded",
  "evaluation.failed": "Evaluation failed, timed out or was cancelled",
  "trace_evaluation.finished": "Trace evaluation finished",
  "judge_optimization.finished": "Judge optimization finished",
  "benchmark_generation.finished": "Benchmark generation finished",
};

/** "All events", or the short names of the ones wanted. */
export function eventsSummary(events: readonly IntegrationEventType[]): string {
  if (INTEGRATION_EVENT_TYPES.every((event) => events.includes(event))) return "All events";
  return events.join(", ");
}
