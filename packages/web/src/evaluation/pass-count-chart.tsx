import { useCallback } from "react";
import { PlotFigure, type PlotModule } from "../shared/plot.tsx";

/**
 * How consistent the model is, prompt by prompt: bar c counts the prompts right in c of their
 * `repeats` answers (the API's `pass_count_histogram`). The ends are the prompts it always gets
 * wrong (0) or right (all); the bars between them are the flaky prompts, coloured apart.
 */
export function PassCountChart({ histogram }: { histogram: readonly number[] }) {
  const repeats = histogram.length - 1;
  const render = useCallback(
    (Plot: PlotModule) => {
      const bars = histogram.map((prompts, right) => ({
        right,
        prompts,
        kind: right === 0 ? "never" : right === repeats ? "always" : "flaky",
      }));
      const fill = (b: (typeof bars)[number]) =>
        b.kind === "never" ? "var(--bad)" : b.kind === "always" ? "var(--ok)" : "var(--warn)";
      return Plot.plot({
        width: 440,
        height: 250,
        marginLeft: 44,
        marginBottom: 40,
        style: { background: "transparent", color: "var(--fg)", fontSize: "11px" },
        x: {
          label: `right in c of ${repeats} repeats`,
          domain: bars.map((b) => b.right),
          // 33 bars at 32 repeats: every tick would crowd, every fourth reads.
          tickFormat: (c: number) => (repeats <= 12 || c % 4 === 0 ? String(c) : ""),
          padding: 0.15,
          labelAnchor: "center",
          labelArrow: "none",
          labelOffset: 34,
        },
        y: {
          label: "prompts",
          grid: true,
          ticks: countTicks(Math.max(...histogram)),
          tickFormat: "d",
        },
        marks: [
          Plot.barY(bars, {
            x: "right",
            y: "prompts",
            fill,
            title: (b: (typeof bars)[number]) =>
              `${b.prompts} prompt${b.prompts === 1 ? "" : "s"} right in ${b.right} of ${repeats}`,
          }),
          Plot.text(
            bars.filter((b) => b.prompts > 0),
            { x: "right", y: "prompts", text: (b) => String(b.prompts), dy: -7 },
          ),
          Plot.ruleY([0]),
        ],
      });
    },
    [histogram, repeats],
  );
  return (
    <PlotFigure
      render={render}
      className="pass-counts"
      label="prompts by the number of repeats they got right"
    />
  );
}

/** Whole numbers only (prompts are counted): about five ticks from 0 to at least `max`. */
function countTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 5));
  return Array.from({ length: Math.floor(Math.max(max, 1) / step) + 1 }, (_, i) => i * step);
}
