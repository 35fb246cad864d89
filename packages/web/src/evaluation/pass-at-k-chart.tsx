import type { RepeatStats } from "@assay/protocol";
import { useCallback } from "react";
import { percent } from "../shared/format.ts";
import { PlotFigure, type PlotModule } from "../shared/plot.tsx";

type Point = RepeatStats["pass_at_k"][number];

/** The two series, each named at its last point (no legend to look up). */
const SERIES = [
  { key: "pass_at_k", name: "pass@k", stroke: "var(--accent)", dash: undefined },
  { key: "pass_hat_k", name: "pass^k", stroke: "var(--warn)", dash: "5,3" },
] as const;

/**
 * pass@k (at least one of k answers right) and pass^k (all k right) for k = 1 … repeats: the
 * two lines start together at the accuracy and part as k grows; the gap is the inconsistency.
 */
export function PassAtKChart({ points }: { points: RepeatStats["pass_at_k"] }) {
  const render = useCallback(
    (Plot: PlotModule) => {
      const last = points[points.length - 1] as Point;
      const rows = SERIES.flatMap((s) =>
        points.map((p) => ({ k: p.k, value: p[s.key], series: s.name })),
      );
      return Plot.plot({
        width: 440,
        height: 250,
        marginLeft: 44,
        marginRight: 56,
        marginBottom: 40,
        style: { background: "transparent", color: "var(--fg)", fontSize: "11px" },
        x: {
          label: "k (answers drawn per prompt)",
          domain: [1, Math.max(2, last.k)],
          ticks: points.length <= 8 ? points.map((p) => p.k) : undefined,
          tickFormat: "d",
          labelAnchor: "center",
          labelArrow: "none",
          labelOffset: 34,
        },
        y: { domain: [0, 1], tickFormat: "%", grid: true, label: null },
        marks: [
          ...SERIES.map((s) =>
            Plot.line(
              rows.filter((r) => r.series === s.name),
              { x: "k", y: "value", stroke: s.stroke, strokeWidth: 2, strokeDasharray: s.dash },
            ),
          ),
          ...SERIES.map((s) =>
            Plot.dot(
              rows.filter((r) => r.series === s.name),
              {
                x: "k",
                y: "value",
                r: 3,
                fill: s.stroke,
                title: (r: (typeof rows)[number]) =>
                  `${r.series} at k = ${r.k}: ${percent(r.value)}`,
              },
            ),
          ),
          Plot.text(
            SERIES.map((s) => ({ name: s.name, k: last.k, value: last[s.key], fill: s.stroke })),
            { x: "k", y: "value", text: "name", fill: "fill", dx: 8, textAnchor: "start" },
          ),
        ],
      });
    },
    [points],
  );
  return <PlotFigure render={render} className="pass-at-k" label="pass@k and pass^k by k" />;
}

/** The same figures as numbers: a chart is read at a glance, a table is quoted. */
export function PassAtKTable({ points }: { points: RepeatStats["pass_at_k"] }) {
  return (
    <details className="pass-at-k-values" open={points.length <= 8}>
      <summary className="small muted">pass@k and pass^k for each k</summary>
      <table className="facts-table num" data-testid="pass-at-k">
        <thead>
          <tr>
            <th>k</th>
            <th>pass@k</th>
            <th>pass^k</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.k}>
              <td>{p.k}</td>
              <td>{percent(p.pass_at_k)}</td>
              <td>{percent(p.pass_hat_k)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
