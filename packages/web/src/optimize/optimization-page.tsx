import { isOptimizationFinished } from "@assay/client";
import { ErrorMessage } from "../shared/error-message.tsx";
import { usd } from "../shared/format.ts";
import { AccuracyDumbbell } from "./accuracy-dumbbell.tsx";
import { AgreementFigures, candidateLabel } from "./agreement-figures.tsx";
import { ApplyPanel } from "./apply-panel.tsx";
import { GoalDiff } from "./goal-diff.tsx";
import { readOutcome, testText } from "./read-outcome.ts";
import { StepLog } from "./step-log.tsx";
import { useOptimization } from "./use-optimization.ts";
import "./optimize.css";

/**
 * One optimization run: its steps as they happen, then the verdict — held-out accuracy of the
 * original goal versus the optimized one with their intervals and κ, the goal's word diff, and
 * Apply when (and only when) the server says the new goal is better beyond noise.
 */
export function OptimizationPage({ id }: { id: string }) {
  const query = useOptimization(id);
  if (query.isPending) return <p className="muted">Loading…</p>;
  if (query.isError) return <ErrorMessage error={query.error} />;
  const run = query.data;
  const finished = isOptimizationFinished(run);
  const outcome = readOutcome(run);
  const stats = run.assay;
  const judgeName = run.judge_snapshot?.name ?? "the judge";
  const changed =
    run.original_goal !== undefined &&
    run.optimized_goal !== undefined &&
    run.original_goal !== run.optimized_goal;

  return (
    <section className="optimization-page">
      <p className="small">
        <a href={`/ui/judges/${run.judge_id}`}>← {judgeName}</a>
      </p>
      <div className="page-head">
        <h1>Optimizing {judgeName}</h1>
        <span className={`status status-${run.status.replace("_", "-")}`} data-testid="run-status">
          {run.status.replace("_", " ")}
        </span>
      </div>
      <p className="muted small">
        budget {run.budget}
        {stats
          ? ` (${stats.rounds} round${stats.rounds === 1 ? "" : "s"} × ${stats.candidates_per_round} candidates)`
          : ""}{" "}
        · {run.annotation_count} labels · estimated {usd(run.estimated_cost)}, spent{" "}
        {usd(run.actual_cost)}
        {stats
          ? ` · ${stats.judge_calls} judge calls, ${stats.optimizer_calls} optimizer calls`
          : ""}
        {run.judge_snapshot ? ` · from version ${run.judge_snapshot.version}` : ""}
      </p>

      {finished ? (
        <>
          <p className={`outcome-note outcome-${outcome.kind}`} data-testid="outcome">
            {outcome.message}
          </p>
          {stats?.best ? (
            <>
              <h2>Held-out accuracy</h2>
              <AccuracyDumbbell
                baseline={stats.baseline.held_out}
                optimized={stats.best.held_out}
                candidateLabel={candidateLabel(stats)}
              />
              <p className="muted small">
                Dots: agreement with the {stats.held_out_count} labels kept aside, which no choice
                depended on; bars: 95% Wilson intervals.
                {stats.held_out_test ? (
                  <span data-testid="held-out-test">
                    {" "}
                    Both goals judged the same labels, so the verdict pairs them:{" "}
                    {testText(stats.held_out_test)}; better only at p &lt; 0.05.
                  </span>
                ) : null}
              </p>
            </>
          ) : null}
          {stats ? <AgreementFigures stats={stats} /> : null}
          <ApplyPanel run={run} outcome={outcome} />
          <h2>The goal</h2>
          {changed ? (
            <>
              <GoalDiff before={run.original_goal ?? ""} after={run.optimized_goal ?? ""} />
              <details className="goal-texts">
                <summary>Both goals in full</summary>
                <h3>Original (version {run.judge_snapshot?.version ?? "?"})</h3>
                <pre className="goal-text">{run.original_goal}</pre>
                <h3>Optimized</h3>
                <pre className="goal-text">{run.optimized_goal}</pre>
              </details>
            </>
          ) : (
            <>
              <p className="muted small">
                Unchanged: no candidate was measurably better than the original goal, which stays as
                it is (the best candidate's figures are above).
              </p>
              {run.original_goal ? <pre className="goal-text">{run.original_goal}</pre> : null}
            </>
          )}
        </>
      ) : (
        <p className="muted" role="status">
          {run.status === "pending" ? "Waiting for a worker…" : "Running: the steps appear below."}
        </p>
      )}

      <h2>Steps</h2>
      <StepLog logs={run.logs} running={!finished} />
    </section>
  );
}
