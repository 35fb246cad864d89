import type { IntegrationEventType } from "@assay/protocol";

/** The kinds of run that notify integrations when they end (an event's `data.object`). */
export type RunObject =
  | "evaluation"
  | "trace_evaluation"
  | "judge_optimization"
  | "benchmark_generation";

/** A run that just reached its final status, as its repository knows it. */
export interface RunEnd {
  object: RunObject;
  runId: string;
  organizationId: string;
  projectId: string | null;
  /** The final status in the run's own vocabulary. */
  status: string;
  at: string;
}

/** Which event a run's end is: evaluations tell success from the rest, other runs do not. */
export function eventTypeOf(end: Pick<RunEnd, "object" | "status">): IntegrationEventType {
  switch (end.object) {
    case "evaluation":
      return end.status === "success" ? "evaluation.finished" : "evaluation.failed";
    case "trace_evaluation":
      return "trace_evaluation.finished";
    case "judge_optimization":
      return "judge_optimization.finished";
    case "benchmark_generation":
      return "benchmark_generation.finished";
  }
}

/** Whether an integration with these settings wants this event. */
export function wantsEvent(
  integration: { active: number; events: string; project_ids: string },
  type: IntegrationEventType,
  projectId: string | null,
): boolean {
  if (integration.active !== 1) return false;
  const events = JSON.parse(integration.events) as string[];
  const projects = JSON.parse(integration.project_ids) as string[];
  if (!events.includes(type)) return false;
  return projects.length === 0 || (projectId !== null && projects.includes(projectId));
}
