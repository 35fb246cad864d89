import type { TraceEvaluationStatus } from "@assay/protocol";

/** What a chip says: the verdict, or that the judge is still at it, or that its run errored. */
export type VerdictOutcome = "pass" | "fail" | "pending" | "error";

const MARKS: Record<VerdictOutcome, string> = { pass: "✓", fail: "✗", pending: "…", error: "!" };

/**
 * A verdict's outcome: its own when it has one; else `error` for a run that failed (the judge
 * gave no verdict and will not), `pending` only while it may still come.
 */
export function verdictOutcome(
  passed: boolean | undefined,
  status: TraceEvaluationStatus | undefined,
): VerdictOutcome {
  if (passed !== undefined) return passed ? "pass" : "fail";
  return status === "failure" ? "error" : "pending";
}

/** A judge's verdict: its name and pass, fail, error or still waiting, in words and colour. */
export function VerdictChip({
  judge,
  passed,
  status,
  title,
}: {
  judge: string;
  passed: boolean | undefined;
  /** The evaluation's status: tells a run that errored from one still waiting. */
  status?: TraceEvaluationStatus | undefined;
  title?: string;
}) {
  const outcome = verdictOutcome(passed, status);
  return (
    <span className={`verdict verdict-${outcome}`} title={title} data-outcome={outcome}>
      <span className="verdict-mark" aria-hidden="true">
        {MARKS[outcome]}
      </span>{" "}
      {judge}{" "}
      <span className={outcome === "error" ? "error-word" : "visually-hidden"}>{outcome}</span>
    </span>
  );
}

/** A person's label: pass or fail, marked as a person's (not a judge's). */
export function HumanLabelChip({ passed, title }: { passed: boolean; title?: string }) {
  const outcome = passed ? "pass" : "fail";
  return (
    <span className={`human-label verdict-${outcome}`} data-outcome={outcome} title={title}>
      <span aria-hidden="true">{passed ? "✓" : "✗"}</span> labelled {outcome}
    </span>
  );
}
