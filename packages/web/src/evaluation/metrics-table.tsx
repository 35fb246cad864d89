import type { Evaluation } from "@assay/protocol";
import { repeatsOf } from "../shared/repeats.ts";

/** The benchmark's additional metrics (averages over the results that have them), tokens, cost. */
export function MetricsTable({ evaluation }: { evaluation: Evaluation }) {
  const { metrics, tokens, cost_usd } = evaluation.assay;
  const named = Object.entries(metrics);
  return (
    <table className="facts-table" data-testid="metrics">
      <tbody>
        {named.map(([name, value]) => (
          <tr key={name}>
            <th>{name}</th>
            <td className="num">{value === null ? "—" : value.toFixed(3)}</td>
          </tr>
        ))}
        <tr>
          <th>tokens</th>
          <td className="num">
            {tokens.total.toLocaleString()}{" "}
            <span className="muted">
              ({tokens.prompt.toLocaleString()} prompt, {tokens.completion.toLocaleString()}{" "}
              completion
              {tokens.reasoning > 0 ? (
                <span data-testid="reasoning-tokens">
                  , of which {tokens.reasoning.toLocaleString()} reasoning
                </span>
              ) : null}
              )
            </span>
          </td>
        </tr>
        <tr>
          <th>cost</th>
          <td className="num">
            {cost_usd === null ? (
              <span className="muted">no prices for this model</span>
            ) : (
              `$${cost_usd.toFixed(4)}`
            )}
          </td>
        </tr>
        <tr>
          <th>average latency</th>
          <td className="num">
            {evaluation.average_duration} ms per {repeatsOf(evaluation) > 1 ? "answer" : "prompt"}
          </td>
        </tr>
      </tbody>
    </table>
  );
}
