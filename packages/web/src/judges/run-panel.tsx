import type { CostEstimate } from "@assay/protocol";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { count, usd } from "../shared/format.ts";
import { TracePicker } from "./trace-picker.tsx";
import { useEstimate, useRunJudge } from "./use-judges.ts";

/** The server's ceiling for one bulk run (MAX_TRACES_PER_REQUEST). */
const MAX_TRACES = 1000;

/**
 * Run the judge on chosen traces in two steps: what it would take (calls, tokens, dollars — the
 * server builds each prompt as the worker would), then, confirmed, one bulk creation. Changing
 * the selection drops an estimate made for the old one.
 */
export function RunPanel({ judgeId }: { judgeId: string }) {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const estimate = useEstimate();
  const run = useRunJudge(judgeId);
  const ids = [...selected];

  function choose(next: Set<string>) {
    setSelected(next);
    estimate.reset();
  }

  return (
    <div className="run-panel">
      <TracePicker selected={selected} onChange={choose} />
      <div className="run-actions">
        <button
          type="button"
          className="primary"
          disabled={selected.size === 0 || selected.size > MAX_TRACES || estimate.isPending}
          onClick={() => {
            run.reset();
            estimate.mutate({ judgeId, traceIds: ids });
          }}
        >
          {estimate.isPending
            ? "Estimating…"
            : `Run on ${selected.size} trace${selected.size === 1 ? "" : "s"}…`}
        </button>
        {selected.size > MAX_TRACES ? (
          <span className="warn small">At most {MAX_TRACES} traces per run.</span>
        ) : null}
      </div>
      {estimate.isError ? <ErrorMessage error={estimate.error} /> : null}
      {estimate.data ? (
        <EstimateConfirm
          estimate={estimate.data}
          pending={run.isPending}
          onCancel={() => estimate.reset()}
          onConfirm={() =>
            run.mutate(ids, {
              onSuccess: () => {
                estimate.reset();
                setSelected(new Set());
              },
            })
          }
        />
      ) : null}
      {run.isError ? <ErrorMessage error={run.error} /> : null}
      {run.data ? (
        <p className="notice" role="status">
          Started {run.data.length} run{run.data.length === 1 ? "" : "s"}; their verdicts appear
          below as the judge answers.
        </p>
      ) : null}
    </div>
  );
}

function EstimateConfirm({
  estimate,
  pending,
  onCancel,
  onConfirm,
}: {
  estimate: CostEstimate;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const tokens = estimate.input_tokens + estimate.output_tokens;
  return (
    <section className="estimate" aria-label="cost estimate">
      <p>
        <strong>{estimate.trace_count}</strong> judge call{estimate.trace_count === 1 ? "" : "s"} to{" "}
        <code>{estimate.model}</code> · about <strong>{count(tokens)}</strong> tokens (
        {count(estimate.input_tokens)} in, {count(estimate.output_tokens)} out) · cost{" "}
        <strong data-testid="estimated-cost">
          {estimate.estimated_cost > 0 ? usd(estimate.estimated_cost) : "unknown"}
        </strong>
        {estimate.estimated_cost > 0 ? null : (
          <span className="muted small"> (no prices for this model)</span>
        )}
      </p>
      <p className="muted small">
        Counted with the o200k tokenizer on the prompts the worker will send, 150 answer tokens per
        trace; a reply that needs a repair turn costs more.
      </p>
      <div className="run-actions">
        <button type="button" className="primary" disabled={pending} onClick={onConfirm}>
          {pending ? "Starting…" : "Confirm and run"}
        </button>
        <button type="button" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </section>
  );
}
