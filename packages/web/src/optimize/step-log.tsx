import { useEffect, useRef } from "react";

/**
 * The run's log, one line per step as the server wrote it; while the run goes on it grows and
 * the box follows its end (unless the reader scrolled up to read).
 */
export function StepLog({ logs, running }: { logs: string | undefined; running: boolean }) {
  const box = useRef<HTMLOListElement>(null);
  const lines = logs ? logs.split("\n").filter((line) => line !== "") : [];
  useEffect(() => {
    const el = box.current;
    if (!el || lines.length === 0) return;
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (nearEnd) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  if (lines.length === 0)
    return <p className="muted">{running ? "Waiting for the first step…" : "No log."}</p>;
  return (
    <ol className="step-log" ref={box} aria-live="polite" aria-label="optimization steps">
      {lines.map((line, i) => (
        // The log only grows: a line's position is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
        <li key={i} className={stepClass(line)}>
          {line}
        </li>
      ))}
    </ol>
  );
}

/** Marks the lines a reader looks for: discarded candidates, the verdict, a failure. */
function stepClass(line: string): string {
  if (line.startsWith("improved:")) return "step step-good";
  if (
    line.startsWith("not improved:") ||
    line.startsWith("not measurably better:") ||
    line.startsWith("failed:")
  )
    return "step step-bad";
  if (line.includes(" discarded: ")) return "step step-muted";
  return "step";
}
