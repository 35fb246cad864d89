import type { EvaluationStatus } from "@assay/protocol";

export function StatusBadge({ status }: { status: EvaluationStatus }) {
  return <span className={`status status-${status}`}>{status}</span>;
}
