import { useNavigate } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { percent } from "../shared/format.ts";
import { PlotFigure, type PlotModule } from "../shared/plot.tsx";
import type { Leaderboard } from "./build-leaderboard.ts";
import { usd } from "./format-cost.ts";
import { type FrontierPoint, frontierData } from "./frontier-points.ts";

/**
 * Accuracy (with its 95% interval as a vertical rule) against cost, one point per model, for one
 * benchmark or overall; the Pareto frontier — the models no other beats on both cost and
 * accuracy — is the green line. Models without a known cost are listed under the chart.
 */
export function FrontierChart(props: { board: Leaderboard; spaceId: string; choice?: string }) {
  const { board, spaceId } = props;
  const navigate = useNavigate();
  const benchmarkId = board.benchmarks.some((b) => b.id === props.choice)
    ? props.choice
    : undefined;
  const data = useMemo(() => frontierData(board, benchmarkId), [board, benchmarkId]);
  const scope = board.benchmarks.find((b) => b.id === benchmarkId)?.name ?? "overall";

  const render = useCallback(
    (Plot: PlotModule) => plotFrontier(Plot, data.points, data.frontier, benchmarkId === undefined),
    [data, benchmarkId],
  );

  return (
    <div className="frontier">
      <label className="frontier-choice">
        Show{" "}
        <select
          value={benchmarkId ?? ""}
          onChange={(e) =>
            navigate({
              to: "/leaderboards/$id",
              params: { id: spaceId },
              search: e.target.value ? { frontier: e.target.value } : {},
              replace: true,
            })
          }
        >
          <option value="">Overall (summed cost, mean accuracy)</option>
          {board.benchmarks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      {data.points.length > 0 ? (
        <PlotFigure
          render={render}
          className="frontier-plot"
          label={`accuracy against cost, ${scope}`}
        />
      ) : (
        <p className="empty">
          No model here has a known cost, so there is nothing to plot. Costs come from the catalog's
          prices; custom endpoints have none.
        </p>
      )}
      {data.frontier.length > 0 ? (
        <p className="small">
          <span className="frontier-swatch" aria-hidden="true" /> Pareto frontier (no other model is
          both cheaper and more accurate):{" "}
          {data.frontier
            .map((p) => `${p.name} (${usd(p.cost)}, ${percent(p.accuracy)})`)
            .join(" → ")}
          . Vertical rules: 95% intervals — a frontier step inside overlapping intervals is not a
          clear gain.
        </p>
      ) : null}
      {data.costUnknown.length > 0 ? (
        <p className="muted small" data-note="cost-unknown">
          Left off, cost unknown: {data.costUnknown.join(", ")} (a model without prices; give a
          custom model its prices on its page and its later runs have a cost, as a catalog model's
          runs cost their tokens at the catalog's prices).
        </p>
      ) : null}
      {data.incomplete.length > 0 ? (
        <p className="muted small" data-note="incomplete">
          Left off overall, not on every benchmark: {data.incomplete.join(", ")} (pick a benchmark
          above to see them).
        </p>
      ) : null}
    </div>
  );
}

function plotFrontier(
  Plot: PlotModule,
  points: FrontierPoint[],
  frontier: FrontierPoint[],
  overall: boolean,
): Element {
  const maxCost = Math.max(...points.map((p) => p.cost));
  const minCost = Math.min(...points.map((p) => p.cost));
  // Prices differ by orders of magnitude: a linear axis would pile the cheap models onto zero.
  const log = minCost > 0 && maxCost / minCost > 10;
  const longest = Math.max(...points.map((p) => p.name.length));
  return Plot.plot({
    width: 760,
    height: 400,
    marginLeft: 56,
    marginTop: 24,
    marginBottom: 44,
    // Room for the model names written to the right of the rightmost points.
    marginRight: Math.min(220, 20 + longest * 7),
    style: { background: "transparent", color: "var(--fg)", fontSize: "12px" },
    x: {
      type: log ? "log" : "linear",
      domain: log ? [minCost / 1.6, maxCost * 1.6] : [0, maxCost > 0 ? maxCost * 1.08 : 1],
      grid: true,
      tickFormat: (v: number) => usd(v),
      ...(log ? { ticks: logTicks(minCost / 1.6, maxCost * 1.6) } : { ticks: 6 }),
      label: `${overall ? "cost, summed over the benchmarks" : "cost of the evaluation"} (USD${log ? ", log scale" : ""})`,
      labelAnchor: "center",
      labelArrow: "none",
    },
    y: {
      domain: [0, 1],
      grid: true,
      tickFormat: "%",
      label: overall ? "mean accuracy (95% interval)" : "accuracy (95% Wilson interval)",
      labelArrow: "none",
    },
    marks: [
      Plot.frame({ stroke: "var(--line)" }),
      Plot.ruleX(points, {
        x: "cost",
        y1: "low",
        y2: "high",
        stroke: "var(--accent)",
        strokeOpacity: 0.7,
        strokeWidth: 2,
      }),
      Plot.line(frontier, {
        x: "cost",
        y: "accuracy",
        stroke: "var(--ok)",
        strokeWidth: 2,
        className: "frontier-line",
      }),
      Plot.dot(points, {
        x: "cost",
        y: "accuracy",
        r: 5,
        fill: (p: FrontierPoint) => (p.onFrontier ? "var(--ok)" : "var(--bg)"),
        stroke: (p: FrontierPoint) => (p.onFrontier ? "var(--ok)" : "var(--fg)"),
        strokeWidth: 1.5,
        className: "model-dot",
        title: (p: FrontierPoint) =>
          `${p.name}: ${percent(p.accuracy)} [${percent(p.low)}, ${percent(p.high)}], ${usd(p.cost)}${p.onFrontier ? ", on the frontier" : ""}`,
      }),
      Plot.text(points, {
        x: "cost",
        y: "accuracy",
        text: "name",
        dx: 9,
        textAnchor: "start",
        className: "model-label",
      }),
      // Named at its most accurate end, under the model's name (above it near the bottom), so
      // the label stays inside the frame.
      ...[16, -16].map((dy) =>
        Plot.text(
          frontier.slice(-1).filter((p) => dy > 0 === p.accuracy >= 0.5),
          {
            x: "cost",
            y: "accuracy",
            text: () => "Pareto frontier",
            dx: 9,
            dy,
            textAnchor: "start",
            fill: "var(--ok)",
            fontWeight: 600,
            className: "frontier-label",
          },
        ),
      ),
    ],
  });
}

/** 1, 2, 5 × powers of ten inside the domain; only the powers when that would crowd the axis. */
function logTicks(low: number, high: number): number[] {
  const ticks: number[] = [];
  for (let k = Math.floor(Math.log10(low)); k <= Math.ceil(Math.log10(high)); k += 1) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** k;
      if (v >= low && v <= high) ticks.push(v);
    }
  }
  return ticks.length > 7 ? ticks.filter((v) => Number.isInteger(Math.log10(v))) : ticks;
}
