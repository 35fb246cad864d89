import { count } from "../shared/format.ts";

/** How far the queue is labelled, and where in it the person is. */
export function QueueProgress({
  labelled,
  total,
  position,
}: {
  labelled: number;
  total: number;
  position: number;
}) {
  return (
    <div className="queue-progress">
      <progress max={total} value={labelled} aria-label="Traces labelled" />
      <span className="num" data-testid="queue-progress">
        {count(labelled)} of {count(total)} labelled
      </span>
      <span className="muted num">
        · trace {count(Math.min(position + 1, total))} of {count(total)}
      </span>
    </div>
  );
}
