import type { Trace } from "@assay/protocol";
import { usd } from "../shared/format.ts";
import { latency, tokens } from "./summary-format.ts";

/**
 * A trace's totals as its list row has them, in full: wall time, tokens in and out, cost, and
 * what the trace says it ran as (model, service, session, user). A figure the trace does not
 * report is a dash, never a zero.
 */
export function TraceTotals({ trace }: { trace: Trace }) {
  const tokenText =
    trace.total_tokens === undefined
      ? undefined
      : `${tokens(trace.total_tokens)} (${tokens(trace.input_tokens ?? 0)} in, ${tokens(trace.output_tokens ?? 0)} out)`;
  const items: [string, string | undefined, string?][] = [
    ["Latency", trace.duration_ms === undefined ? undefined : latency(trace.duration_ms)],
    ["Tokens", tokenText],
    [
      "Cost",
      trace.cost_usd === undefined ? undefined : usd(trace.cost_usd),
      "from the model's prices (catalog, or a custom model's own)",
    ],
    ["Model", trace.model],
    ["Service", trace.service_name],
    ["Session", trace.session_id],
    ["User", trace.user_id],
  ];
  return (
    <dl className="trace-totals" aria-label="Trace totals">
      {items.map(([term, value, title]) => (
        <div key={term} title={title}>
          <dt>{term}</dt>
          <dd className={value === undefined ? "muted" : "num"}>{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
