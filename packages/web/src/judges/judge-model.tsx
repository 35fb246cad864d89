import type { Judge } from "@assay/protocol";

/** The judge's pinned model, or the server's default for a judge made without one. */
export function JudgeModel({ judge }: { judge: Pick<Judge, "model_id" | "model_name"> }) {
  if (!judge.model_id) return <span className="muted">default judge model</span>;
  return <span>{judge.model_name ?? judge.model_id}</span>;
}
