import type { TraceWithEvaluations } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { FORMAT_LABELS, shortDateTime } from "./trace-format.ts";
import { VerdictChip } from "./verdict-chip.tsx";

/** How much of a trace's input the list shows; the viewer has it all. */
const PREVIEW_CHARS = 160;

export function TracesTable({ traces }: { traces: TraceWithEvaluations[] }) {
  return (
    <table className="traces">
      <thead>
        <tr>
          <th scope="col">Input</th>
          <th scope="col">Shape</th>
          <th scope="col">Source</th>
          <th scope="col">Created</th>
          <th scope="col">Latest verdicts</th>
        </tr>
      </thead>
      <tbody>
        {traces.map((trace) => (
          <tr key={trace.id} data-trace-id={trace.id}>
            <td className="input">
              <Link to="/traces/$id" params={{ id: trace.id }}>
                {preview(trace.input)}
              </Link>
            </td>
            <td>
              <span className={`format format-${trace.format}`}>{FORMAT_LABELS[trace.format]}</span>
            </td>
            <td className="source">
              {trace.filename} <span className="muted small num">#{trace.position}</span>
            </td>
            <td className="nowrap">{shortDateTime(trace.created_at)}</td>
            <td>
              <div className="verdict-list">
                {trace.last_evaluations.length === 0 ? (
                  <span className="muted small">not judged</span>
                ) : (
                  trace.last_evaluations.map((e) => (
                    <VerdictChip
                      key={e.judge_id}
                      judge={e.judge_name}
                      passed={e.passed}
                      title={`${e.judge_name} v${e.judge_version}, ${shortDateTime(e.created_at)}`}
                    />
                  ))
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function preview(input: string | undefined): string {
  const text = (input ?? "").replace(/\s+/g, " ").trim();
  if (text === "") return "(no input)";
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}
