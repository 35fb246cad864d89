import type { Evaluation } from "@assay/protocol";
import { repeatsOf } from "../shared/repeats.ts";

/**
 * The figures the benchmark's authors report besides accuracy (proportions), the benchmark's
 * additional metrics (averages over the results that have them), tokens, cost.
 */
export function MetricsTable({ evaluation }: { evaluation: Evaluation }) {
  const { metrics, tokens, cost_usd } = evaluation.assay;
  const named = Object.entries(metrics);
  return (
    <table className="facts-table" data-testid="metrics">
      <tbody>
        {(evaluation.assay.figures ?? []).map((figure) => (
          <tr key={figure.name} data-testid="benchmark-figure">
            <th title={figure.description}>{figure.name.replaceAll("_", " ")}</th>
            <td className="num">
              {figure.value === null ? "—" : `${(figure.value * 100).toFixed(1)}%`}{" "}
              <span className="muted">{figure.description}</span>
            </td>
          </tr>
        ))}
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
