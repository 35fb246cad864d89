import type { Model, Result } from "@assay/protocol";
import { useCallback } from "react";
import { PlotFigure, type PlotModule } from "../shared/plot.tsx";

/** Per-token prices in US dollars, when the model has them (the catalog's, or a custom model's own). */
function pricesOf(model: Model | undefined): { input: number; output: number } | undefined {
  if (!model || !("cost_per_input_token" in model)) return undefined;
  const input = Number(model.cost_per_input_token ?? Number.NaN);
  const output = Number(model.cost_per_output_token ?? Number.NaN);
  return Number.isFinite(input) && Number.isFinite(output) ? { input, output } : undefined;
}

function Histogram(props: { values: number[]; label: string; format?: string; units: string }) {
  const { values, label, format, units } = props;
  const min = Math.min(...values);
  const render = useCallback(
    (Plot: PlotModule) =>
      Plot.plot({
        width: 360,
        height: 180,
        marginLeft: 44,
        marginBottom: 40,
        style: { background: "transparent", color: "var(--fg)", fontSize: "11px" },
        x: {
          label,
          tickFormat: format,
          ticks: 5,
          labelAnchor: "center",
          labelArrow: "none",
          labelOffset: 34,
        },
        y: { label: units, grid: true },
        marks: [
          Plot.rectY(values, {
            ...Plot.binX({ y: "count" }, { x: (d: number) => d }),
            fill: "var(--accent)",
          }),
          Plot.ruleY([0]),
        ],
      }),
    [values, label, format, units],
  );
  // One value everywhere makes a single bar with a meaningless axis: say it instead.
  if (values.every((v) => v === min)) {
    return (
      <p className="histogram-constant">
        {label}: <span className="num">{min}</span> for all {values.length} {units}
      </p>
    );
  }
  return <PlotFigure render={render} className="histogram" label={`histogram of ${label}`} />;
}

/**
 * Latency, token and cost distributions per prompt (per answer, for a run with repeats, whose
 * results are its answers). Answers from the cache took no model call, so they are left out of
 * the latency; cost needs the catalog's prices.
 */
export function Histograms(props: {
  results: Result[];
  total: number;
  model?: Model;
  unit?: "prompt" | "answer";
}) {
  const { results, total, model, unit = "prompt" } = props;
  const units = `${unit}s`;
  const called = results.filter((r) => !r.cached && r.error === null);
  const latency = called.map((r) => r.duration);
  const tokens = results
    .filter((r) => r.error === null)
    .map((r) => r.tokens.prompt + r.tokens.completion);
  const prices = pricesOf(model);
  const cost = prices
    ? called.map((r) => r.tokens.prompt * prices.input + r.tokens.completion * prices.output)
    : [];
  return (
    <>
      <div className="histograms">
        {latency.length > 0 ? (
          <Histogram values={latency} label="latency (s)" units={units} />
        ) : null}
        {tokens.length > 0 ? (
          <Histogram values={tokens} label={`tokens per ${unit}`} units={units} />
        ) : null}
        {cost.length > 0 ? (
          <Histogram values={cost} label={`cost per ${unit} ($)`} format="$.2~g" units={units} />
        ) : null}
      </div>
      <p className="muted small">
        {results.length < total
          ? `The first ${results.length} of ${total} ${units}. `
          : `All ${total} ${units}. `}
        {results.length - called.length > 0
          ? `Latency leaves out ${results.length - called.length} answered from the cache or failed. `
          : ""}
        {prices ? "" : "No cost histogram: the model has no prices in the catalog."}
      </p>
    </>
  );
}
