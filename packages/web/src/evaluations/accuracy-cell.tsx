import type { Evaluation } from "@assay/protocol";
import { percent } from "../shared/format.ts";
import { intervalName } from "../shared/repeats.ts";

const WIDTH = 88;
const HEIGHT = 12;
/** 0–1 onto the box, leaving room for the dot's radius at either end. */
const x = (value: number) => 3 + value * (WIDTH - 6);

/**
 * An evaluation's accuracy with its 95% interval (Wilson's, or clustered by prompt for a run with
 * repeats); a dash before any prompt is done, and for a failed run, whose zero measures nothing
 * (its reason is on hover).
 */
export function AccuracyCell({ evaluation }: { evaluation: Evaluation }) {
  if (evaluation.status === "failure")
    return (
      <span className="muted" title={evaluation.status_description}>
        — failed
      </span>
    );
  if (evaluation.assay.progress.done === 0) return <span className="muted">—</span>;
  const { low, high } = evaluation.assay.accuracy_ci95;
  return (
    <AccuracyInterval
      accuracy={evaluation.accuracy}
      low={low}
      high={high}
      label={intervalName(evaluation)}
    />
  );
}

/**
 * An accuracy with its 95% interval, as text (what a person reads and copies) and as a small
 * whisker on a fixed 0–100% scale (what the eye compares down a column). `label` names the
 * interval in the tooltip (a Wilson interval unless said otherwise).
 */
export function AccuracyInterval({
  accuracy,
  low,
  high,
  label = "95% Wilson interval",
}: {
  accuracy: number;
  low: number;
  high: number;
  label?: string;
}) {
  return (
    <span className="accuracy">
      <span className="num estimate-text">{percent(accuracy)}</span>{" "}
      <span className="muted num ci" title={label}>
        [{percent(low)}, {percent(high)}]
      </span>
      <svg
        className="whisker"
        width={WIDTH}
        height={HEIGHT}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`accuracy ${percent(accuracy)}, 95% interval ${percent(low)} to ${percent(high)}`}
      >
        <line className="axis" x1={x(0)} x2={x(1)} y1={HEIGHT / 2} y2={HEIGHT / 2} />
        <line className="interval" x1={x(low)} x2={x(high)} y1={HEIGHT / 2} y2={HEIGHT / 2} />
        <line className="interval" x1={x(low)} x2={x(low)} y1={3} y2={HEIGHT - 3} />
        <line className="interval" x1={x(high)} x2={x(high)} y1={3} y2={HEIGHT - 3} />
        <circle className="estimate" cx={x(accuracy)} cy={HEIGHT / 2} r={2.5} />
      </svg>
    </span>
  );
}
