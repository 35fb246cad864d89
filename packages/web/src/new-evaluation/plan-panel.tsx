import type { EvaluationPlan } from "@assay/client";
import { budgetText, callsText, costText, intervalText, tokensText } from "./plan-text.ts";

/**
 * What the run the form describes will cost and tell, as the server plans it, updated as the
 * form changes: calls, tokens, cost, the budget and the interval width to expect, with the
 * server's reasons one click away. Presentation only; the plan comes from `usePlan`.
 */
export function PlanPanel(props: {
  plan: EvaluationPlan | undefined;
  /** A newer plan is being asked for: the one shown is the previous form's. */
  updating: boolean;
  /** Nothing to plan yet (no model or benchmark chosen). */
  idle: boolean;
  /** Why there is no plan for the form as it is (a refusal, or the server unreachable). */
  refusal: string | null;
}) {
  const { plan, updating, idle, refusal } = props;
  return (
    <section className="plan-panel form-wide" aria-live="polite" data-testid="plan">
      <h2>
        Before you run it{updating ? <span className="muted small"> · updating…</span> : null}
      </h2>
      {idle ? (
        <p className="muted small">Choose a model and a benchmark to see what the run will cost.</p>
      ) : refusal !== null ? (
        <p className="muted small">{refusal}</p>
      ) : !plan ? (
        <p className="muted small">Planning…</p>
      ) : (
        <>
          <dl className="plan-facts">
            <dt>Model calls</dt>
            <dd>{callsText(plan)}</dd>
            <dt>Tokens (estimated)</dt>
            <dd>{tokensText(plan)}</dd>
            <dt>Cost (estimated)</dt>
            <dd>{costText(plan)}</dd>
            {budgetText(plan) ? (
              <>
                <dt>Budget</dt>
                <dd>{budgetText(plan)}</dd>
              </>
            ) : null}
            <dt>95% interval on accuracy</dt>
            <dd>{intervalText(plan)}</dd>
          </dl>
          <details className="plan-reasons">
            <summary>How these are estimated</summary>
            <p>{plan.tokens.description}</p>
            <p>{plan.cost.description}</p>
            <p>{plan.ci95.description}</p>
          </details>
        </>
      )}
    </section>
  );
}
