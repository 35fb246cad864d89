import type { JudgeAnnotation, TraceEvaluation } from "@assay/protocol";

/** One trace of the queue, labelled through the trace evaluation that carries its verdict. */
export interface QueueItem {
  traceId: string;
  /** The newest evaluation with a verdict, else the newest: what the label is put through. */
  evaluation: TraceEvaluation;
}

/**
 * The queue over a judge's trace evaluations: one item per trace, unlabelled traces first, then
 * those where the person and the judge disagree, then the rest; each group oldest trace first,
 * so the order is stable between visits. `evaluations` may come in any order.
 */
export function buildQueue(
  evaluations: readonly TraceEvaluation[],
  labels: ReadonlyMap<string, JudgeAnnotation>,
): QueueItem[] {
  const byTrace = new Map<string, TraceEvaluation>();
  for (const evaluation of evaluations) {
    const held = byTrace.get(evaluation.trace_id);
    if (!held || better(evaluation, held)) byTrace.set(evaluation.trace_id, evaluation);
  }
  const group = (traceId: string) => {
    const label = labels.get(traceId);
    if (!label) return 0;
    return label.agrees === false ? 1 : 2;
  };
  return [...byTrace.values()]
    .map((evaluation) => ({ traceId: evaluation.trace_id, evaluation }))
    .sort(
      (a, b) =>
        group(a.traceId) - group(b.traceId) ||
        a.evaluation.created_at.localeCompare(b.evaluation.created_at) ||
        a.traceId.localeCompare(b.traceId),
    );
}

/** A verdict beats none; between equals, the newer evaluation wins. */
function better(a: TraceEvaluation, b: TraceEvaluation): boolean {
  const done = (e: TraceEvaluation) => (e.status === "success" ? 1 : 0);
  if (done(a) !== done(b)) return done(a) > done(b);
  return a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);
}
