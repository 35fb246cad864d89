import type { SplitAgreement } from "@assay/protocol";
import { useCallback } from "react";
import { percent } from "../shared/format.ts";
import { PlotFigure, type PlotModule } from "../shared/plot.tsx";

interface Row {
  label: string;
  figures: SplitAgreement;
  optimized: boolean;
}

/**
 * Held-out accuracy of the original goal and of the optimized one: each with its 95% Wilson
 * interval, and a link from the first dot to the second (the dumbbell) so the eye reads the move
 * and, beside it, whether the intervals overlap.
 */
export function AccuracyDumbbell(props: {
  baseline: SplitAgreement;
  optimized: SplitAgreement;
  /** "optimized goal", or "best candidate" when it did not beat the original. */
  candidateLabel: string;
}) {
  const { baseline, optimized, candidateLabel } = props;
  const render = useCallback(
    (Plot: PlotModule) => {
      const rows: Row[] = [
        { label: "original goal", figures: baseline, optimized: false },
        { label: candidateLabel, figures: optimized, optimized: true },
      ];
      const color = (r: Row) => (r.optimized ? "var(--accent)" : "var(--muted)");
      return Plot.plot({
        width: 640,
        height: 150,
        marginLeft: 110,
        marginRight: 28,
        marginTop: 16,
        marginBottom: 40,
        style: { background: "transparent", color: "var(--fg)", fontSize: "12px" },
        x: {
          domain: [0, 1],
          tickFormat: "%",
          grid: true,
          label: "held-out accuracy (95% Wilson interval)",
          labelAnchor: "center",
          labelArrow: "none",
          labelOffset: 34,
        },
        y: { domain: rows.map((r) => r.label), label: null },
        marks: [
          Plot.link([0], {
            x1: () => baseline.accuracy,
            x2: () => optimized.accuracy,
            y1: () => rows[0]!.label,
            y2: () => rows[1]!.label,
            stroke: "var(--fg)",
            strokeOpacity: 0.5,
            strokeDasharray: "3,3",
          }),
          Plot.ruleY(rows, {
            y: "label",
            x1: (r: Row) => r.figures.accuracy_interval.low,
            x2: (r: Row) => r.figures.accuracy_interval.high,
            stroke: color,
            strokeWidth: 3,
            strokeOpacity: 0.7,
          }),
          Plot.dot(rows, {
            x: (r: Row) => r.figures.accuracy,
            y: "label",
            r: 6,
            fill: color,
            stroke: "var(--fg)",
            title: (r: Row) =>
              `${r.label}: ${percent(r.figures.accuracy)} [${percent(r.figures.accuracy_interval.low)}, ${percent(r.figures.accuracy_interval.high)}] on ${r.figures.count} labels`,
          }),
        ],
      });
    },
    [baseline, optimized, candidateLabel],
  );
  return (
    <PlotFigure
      render={render}
      className="dumbbell"
      label={`held-out accuracy: original goal versus ${candidateLabel}`}
    />
  );
}
