import type { Evaluation } from "@assay/protocol";
import { useCallback } from "react";
import { percent } from "../shared/format.ts";
import { PlotFigure, type PlotModule } from "../shared/plot.tsx";
import { isClustered, repeatsOf } from "../shared/repeats.ts";
import { NARROW, useMediaQuery } from "../shared/use-media-query.ts";

/** Below this many prompts a subset's interval is wide: its row is greyed and marked. */
export const SMALL_SUBSET = 30;

/** The sample size of a subset's interval: its prompts with repeats, else its results. */
const nOf = (s: Evaluation["assay"]["subsets"][number]) => s.prompts ?? s.total;

/**
 * Per-subset accuracy with 95% intervals, sorted by estimate, each labelled with its n;
 * the overall accuracy is the dashed line. Small subsets are grey with a hollow dot. With
 * repeats, n counts prompts (the clusters of the interval), not answers.
 */
/** A phone's chart: as wide as its screen, labels wrapped onto two lines in a narrower margin. */
const NARROW_WIDTH = 360;
const NARROW_MARGIN = 150;

export function ForestPlot({ evaluation }: { evaluation: Evaluation }) {
  const { subsets } = evaluation.assay;
  const overall = evaluation.accuracy;
  const clustered = isClustered(evaluation);
  // Scaled down to a phone's width the labels would be unreadable, and scrolled sideways the
  // intervals would be off screen: on a phone the chart is drawn at its width instead.
  const narrow = useMediaQuery(NARROW);

  const render = useCallback(
    (Plot: PlotModule) => {
      const rows = [...subsets]
        .sort((a, b) => b.accuracy - a.accuracy || a.name.localeCompare(b.name))
        .map((s) => ({
          ...s,
          label: `${s.name || "(none)"}  n=${nOf(s)}${nOf(s) < SMALL_SUBSET ? " *" : ""}`,
          small: nOf(s) < SMALL_SUBSET,
        }));
      const longest = Math.max(...rows.map((r) => r.label.length));
      const marginLeft = Math.min(narrow ? NARROW_MARGIN : 320, 12 + longest * 7);
      // Two lines of 12 px text per row when labels wrap.
      const rowHeight = narrow ? 30 : 26;
      return Plot.plot({
        width: narrow ? NARROW_WIDTH : 760,
        // Plot's margins (20 above, 40 below) come first: each row gets its height.
        height: 60 + rows.length * rowHeight,
        marginLeft,
        marginRight: 24,
        marginBottom: 40,
        style: { background: "transparent", color: "var(--fg)", fontSize: "12px" },
        x: {
          domain: [0, 1],
          tickFormat: "%",
          grid: true,
          label: clustered
            ? "accuracy (95% interval clustered by prompt)"
            : "accuracy (95% Wilson interval)",
          labelAnchor: "center",
          labelArrow: "none",
          labelOffset: 34,
        },
        y: { domain: rows.map((r) => r.label), label: null },
        marks: [
          // Long labels wrap at the margin's width (Plot's lineWidth is in ems, about two
          // characters each) rather than run off the chart's left edge.
          Plot.axisY({ lineWidth: (marginLeft - 12) / 12, label: null }),
          Plot.ruleX([overall], { stroke: "var(--muted)", strokeDasharray: "4,3" }),
          Plot.ruleY(rows, {
            y: "label",
            x1: (r) => r.ci95.low,
            x2: (r) => r.ci95.high,
            stroke: (r) => (r.small ? "var(--muted)" : "var(--accent)"),
            strokeWidth: 2,
          }),
          Plot.dot(rows, {
            x: "accuracy",
            y: "label",
            r: 4,
            fill: (r) => (r.small ? "var(--bg)" : "var(--fg)"),
            stroke: (r) => (r.small ? "var(--muted)" : "var(--fg)"),
            title: (r) =>
              `${r.name}: ${percent(r.accuracy)} [${percent(r.ci95.low)}, ${percent(r.ci95.high)}], ${r.correct}/${r.total}`,
          }),
        ],
      });
    },
    [subsets, overall, clustered, narrow],
  );

  if (subsets.length === 0 && evaluation.status !== "success") {
    return <p className="muted">No per-subset figures: the run did not complete.</p>;
  }
  if (subsets.length < 2) {
    return (
      <p className="muted">
        This benchmark has no subsets (a <code>subset</code> field per prompt splits the accuracy
        here).
      </p>
    );
  }
  const small = subsets.filter((s) => nOf(s) < SMALL_SUBSET).length;
  const repeats = repeatsOf(evaluation);
  return (
    <>
      <PlotFigure render={render} className="forest" label="accuracy per subset" />
      <p className="muted small">
        Dashed line: overall accuracy {percent(overall)}.
        {subsets.some((s) => s.prompts !== undefined)
          ? ` n: prompts, each asked ${repeats} times.`
          : ""}
        {small > 0
          ? ` * ${small} subset${small > 1 ? "s" : ""} with n < ${SMALL_SUBSET} (grey, hollow): wide intervals, read with care.`
          : ""}
      </p>
    </>
  );
}
