import {
  MIN_OPTIMIZATION_ANNOTATIONS,
  OPTIMIZATION_BUDGET_PLANS,
  OPTIMIZATION_BUDGETS,
  type OptimizationBudget,
} from "@assay/protocol";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import { fieldErrors } from "../shared/field-errors.ts";
import { usd } from "../shared/format.ts";
import { PastRuns } from "./past-runs.tsx";
import { useEstimate, useJudge, useStartOptimization } from "./use-optimization.ts";

/** A budget's calls and cost beside its name, so the three compare at a glance. */
function BudgetFigures({ judgeId, budget }: { judgeId: string; budget: OptimizationBudget }) {
  const estimate = useEstimate(judgeId, budget);
  if (!estimate.data || estimate.isPlaceholderData) return null;
  const e = estimate.data;
  return (
    <span className="budget-figures small num" data-budget={budget}>
      ≤ {e.judge_calls + e.optimizer_calls} calls · {usd(e.estimated_cost)}
    </span>
  );
}

import "./optimize.css";

const BUDGET_NOTES: Record<OptimizationBudget, string> = {
  light: "a quick try",
  medium: "the usual choice",
  heavy: "the most thorough",
};

/**
 * Start an optimization of a judge's goal: choose a budget, see what it would call and cost
 * before anything runs, start, and follow the run on its own page.
 */
/**
 * Labels below which no optimization can be measurably better: about 30% are held out, and the
 * held-out test needs 6 discordant labels all won (two-sided exact p = 2 · 0.5⁶ ≈ 0.031; 5 give
 * 0.0625), so 6 / 0.3 = 20.
 */
const LABELS_FOR_EVIDENCE = 20;

export function OptimizePage({ judgeId }: { judgeId: string }) {
  const judge = useJudge(judgeId);
  const [budget, setBudget] = useState<OptimizationBudget>("medium");
  const estimate = useEstimate(judgeId, budget);
  const start = useStartOptimization(judgeId);
  const navigate = useNavigate();
  const errors = fieldErrors(start.error);
  const labels = judge.data?.annotation_count ?? estimate.data?.annotation_count;
  const tooFew = labels !== undefined && labels < MIN_OPTIMIZATION_ANNOTATIONS;

  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate(budget, {
      onSuccess: (run) => void navigate({ to: "/optimizations/$id", params: { id: run.id } }),
    });
  }

  if (judge.isError) return <ErrorMessage error={judge.error} />;
  const j = judge.data;
  return (
    <section className="optimize-page">
      <p className="small">
        <a href={`/ui/judges/${judgeId}`}>← {j?.name ?? "Judge"}</a>
      </p>
      <div className="page-head">
        <h1>Optimize {j ? <q>{j.name}</q> : "the judge"}</h1>
      </div>
      <p className="lead">
        The optimizer rewrites the judge's goal so that its verdicts agree with the labels people
        gave its traces. It keeps about 30% of the labels aside, chooses on the rest, and reports
        the original and the optimized goal's accuracy on the labels it kept aside, each with its
        95% interval; you decide whether to apply the new goal.
      </p>
      {j ? (
        <dl className="judge-facts">
          <dt>Version</dt>
          <dd className="num">{j.version}</dd>
          <dt>Model</dt>
          <dd>{j.model_name ?? j.model_id ?? "the server's default judge model"}</dd>
          <dt>Labels</dt>
          <dd className="num">{j.annotation_count}</dd>
          {j.agreement.accuracy !== null && j.agreement.accuracy_interval ? (
            <>
              <dt>Agreement now</dt>
              <dd data-testid="agreement-now">
                <AccuracyInterval
                  accuracy={j.agreement.accuracy}
                  low={j.agreement.accuracy_interval.low}
                  high={j.agreement.accuracy_interval.high}
                />{" "}
                <span className="muted small">
                  of {j.agreement.compared} labeled verdicts agree with people
                </span>
              </dd>
            </>
          ) : null}
          <dt>Goal</dt>
          <dd>
            <pre className="goal-text">{j.evaluation_goal}</pre>
          </dd>
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
      {tooFew ? (
        <p className="warn-note" role="status">
          This judge has {labels} label{labels === 1 ? "" : "s"}; an optimization needs at least{" "}
          {MIN_OPTIMIZATION_ANNOTATIONS}.{" "}
          <a href={`/ui/judges/${judgeId}/annotate`}>Label its verdicts</a> first.
        </p>
      ) : labels !== undefined && labels < LABELS_FOR_EVIDENCE ? (
        <p className="warn-note" role="status" data-testid="few-labels">
          With {labels} labels about {Math.round(labels * 0.3)} are kept aside. A new goal counts as
          better only beyond noise (McNemar's exact test, p &lt; 0.05), which takes at least 6
          held-out labels it gets right and the original gets wrong: with fewer than{" "}
          {LABELS_FOR_EVIDENCE} labels no result can show that, and Apply will stay off.
        </p>
      ) : null}

      <form className="optimize-form" onSubmit={submit}>
        <fieldset aria-describedby={fieldErrorId("body.budget")}>
          <legend>Budget</legend>
          {OPTIMIZATION_BUDGETS.map((b) => {
            const plan = OPTIMIZATION_BUDGET_PLANS[b];
            return (
              <label key={b} className="budget-choice">
                <input
                  type="radio"
                  name="budget"
                  value={b}
                  checked={budget === b}
                  onChange={() => setBudget(b)}
                />
                <strong>{b}</strong>{" "}
                <span className="muted">
                  {plan.rounds} round{plan.rounds === 1 ? "" : "s"} × {plan.candidates} candidates —{" "}
                  {BUDGET_NOTES[b]}
                </span>
                <BudgetFigures judgeId={judgeId} budget={b} />
              </label>
            );
          })}
          <FieldError errors={errors} field="body.budget" />
        </fieldset>

        <div className="estimate" aria-live="polite" data-testid="estimate">
          <h2>Estimate</h2>
          {estimate.isError ? <ErrorMessage error={estimate.error} /> : null}
          {estimate.data ? (
            <dl className={estimate.isPlaceholderData ? "stale" : undefined}>
              <dt>Judge calls</dt>
              <dd className="num" data-testid="judge-calls">
                {estimate.data.judge_calls}
              </dd>
              <dt>Optimizer calls</dt>
              <dd className="num" data-testid="optimizer-calls">
                {estimate.data.optimizer_calls}
              </dd>
              <dt>Cost</dt>
              <dd className="num" data-testid="estimated-cost">
                {usd(estimate.data.estimated_cost)}
                {estimate.data.estimated_cost === 0 ? (
                  <span className="muted small"> (custom models have no prices)</span>
                ) : null}
              </dd>
            </dl>
          ) : estimate.isPending ? (
            <p className="muted">Estimating…</p>
          ) : null}
          <p className="muted small">
            An upper bound: rounds stop early once a goal agrees with every training label.
          </p>
        </div>

        <FieldError errors={errors} field="body.judge_id" />
        {start.isError && errors.size === 0 ? <ErrorMessage error={start.error} /> : null}
        <button
          type="submit"
          className="primary"
          disabled={start.isPending || tooFew || !estimate.data || estimate.isPlaceholderData}
          aria-describedby={fieldErrorId("body.judge_id")}
        >
          {start.isPending ? "Starting…" : "Start optimization"}
        </button>
      </form>

      <h2>Earlier runs</h2>
      <PastRuns judgeId={judgeId} />
    </section>
  );
}
