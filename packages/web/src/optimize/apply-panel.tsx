import type { JudgeOptimizationRun } from "@assay/protocol";
import { useEffect, useRef, useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import type { Outcome } from "./read-outcome.ts";
import { useApplyOptimization } from "./use-optimization.ts";

/**
 * Apply, offered only when the server says the candidate is better beyond noise, and asked twice:
 * it gives the judge a new version with the optimized goal (future runs use it; past verdicts
 * keep the version they were made with). Once applied, says which version the judge got.
 */
export function ApplyPanel({ run, outcome }: { run: JudgeOptimizationRun; outcome: Outcome }) {
  const apply = useApplyOptimization(run.id, run.judge_id);
  const [confirming, setConfirming] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  // The question takes the focus: Enter confirms, Tab reaches Cancel.
  useEffect(() => {
    if (confirming) confirm.current?.focus();
  }, [confirming]);
  const judgeLink = `/ui/judges/${run.judge_id}`;
  const fromVersion = run.judge_snapshot?.version;

  if (run.applied_version !== undefined || apply.data) {
    const version = apply.data?.new_version ?? run.applied_version;
    return (
      <div className="apply-panel applied" role="status" data-testid="applied">
        <p>
          {apply.data?.message ??
            (outcome.applicable
              ? `Applied: the judge has the optimized goal as version ${version}.`
              : `Applied: the judge kept its goal (version ${version}).`)}
        </p>
        <p>
          <a href={judgeLink}>Open the judge (version {version}) →</a>
        </p>
      </div>
    );
  }
  if (!outcome.applicable) {
    return (
      <div className="apply-panel">
        <button
          type="button"
          disabled
          title="Only a goal measurably better on the held-out labels can be applied"
        >
          Apply optimized goal
        </button>
        <span className="muted small" data-testid="apply-off">
          {" "}
          {outcome.notApplicable ?? "Nothing to apply: the judge keeps its goal."}
        </span>
      </div>
    );
  }
  return (
    <div className="apply-panel">
      {confirming ? (
        <div className="confirm">
          <p>
            Give the judge the optimized goal as a new version
            {fromVersion !== undefined ? ` (version ${fromVersion} → ${fromVersion + 1})` : ""}? Its
            next runs use the new goal; past verdicts keep the version they were made with.
          </p>
          <button
            ref={confirm}
            type="button"
            className="primary"
            disabled={apply.isPending}
            onClick={() => apply.mutate()}
          >
            {apply.isPending ? "Applying…" : "Yes, apply"}
          </button>{" "}
          <button type="button" onClick={() => setConfirming(false)} disabled={apply.isPending}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" className="primary" onClick={() => setConfirming(true)}>
          Apply optimized goal…
        </button>
      )}
      {apply.isError ? <ErrorMessage error={apply.error} /> : null}
    </div>
  );
}
