import { useState } from "react";
import { milliseconds } from "../shared/format.ts";
import { ChatTurns } from "./chat-turn-view.tsx";
import { ClippedText } from "./clipped-text.tsx";
import { Fields } from "./json-value.tsx";
import { LazyList } from "./lazy-list.tsx";
import { pretty } from "./shapes/pretty.ts";
import type { SpanRow, SpanTreeView } from "./shapes/span-tree.ts";
import "./trace-parts.css";
import "./span-tree.css";

/** A span narrower than this still shows as a mark on its track. */
const MIN_BAR_PERCENT = 0.4;

/**
 * The spans as an indented tree, each with a bar on the trace's shared time axis (where it
 * started, how long it took); a span opens to its GenAI facts, tool call and messages.
 */
export function SpanTree({ tree }: { tree: SpanTreeView }) {
  return (
    <div className="span-tree">
      <p className="muted small">
        {tree.traceId ? (
          <>
            Trace <span className="num">{tree.traceId}</span> ·{" "}
          </>
        ) : null}
        {tree.rows.length} span{tree.rows.length === 1 ? "" : "s"} ·{" "}
        {milliseconds(tree.totalMs) || "no timings"}
      </p>
      <div className="span-axis muted small" aria-hidden="true">
        <span>0</span>
        <span>{milliseconds(tree.totalMs / 2) || "0"}</span>
        <span>{milliseconds(tree.totalMs) || "0"}</span>
      </div>
      <LazyList
        items={tree.rows}
        noun="spans"
        className="span-rows"
        render={(row, index) => <SpanRowView key={`${row.id}-${index}`} row={row} />}
      />
    </div>
  );
}

function SpanRowView({ row }: { row: SpanRow }) {
  const [open, setOpen] = useState(false);
  const width = Math.max(row.width * 100, MIN_BAR_PERCENT);
  const left = Math.min(row.offset * 100, 100 - width);
  return (
    <li
      className={`span-row${row.error !== undefined ? " span-error" : ""}`}
      data-depth={row.depth}
    >
      <button
        type="button"
        className="span-line"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="span-name" style={{ paddingLeft: `${row.depth * 16}px` }}>
          <span aria-hidden="true">{open ? "▾" : "▸"}</span> {row.name}
        </span>
        <span className="span-track" aria-hidden="true">
          {row.durationMs !== undefined ? (
            <span className="span-bar" style={{ left: `${left}%`, width: `${width}%` }} />
          ) : null}
        </span>
        <span className="span-duration num">
          {row.durationMs !== undefined ? milliseconds(row.durationMs) || "0 ms" : "—"}
        </span>
      </button>
      {row.facts.length > 0 || row.error !== undefined ? (
        <div className="span-facts muted small" style={{ paddingLeft: `${row.depth * 16 + 14}px` }}>
          {row.facts.join(" · ")}
          {row.error !== undefined ? (
            <span className="bad"> error{row.error ? `: ${row.error}` : ""}</span>
          ) : null}
        </div>
      ) : null}
      {open ? <SpanDetails row={row} /> : null}
    </li>
  );
}

function SpanDetails({ row }: { row: SpanRow }) {
  return (
    <div className="span-details">
      {row.startMs !== undefined ? (
        <p className="muted small">
          starts at {milliseconds(row.startMs) || "0 ms"}
          {row.durationMs !== undefined ? `, takes ${milliseconds(row.durationMs) || "0 ms"}` : ""}
        </p>
      ) : null}
      {row.tool ? (
        <div className="tool-call">
          <div className="tool-head">
            <span className="tool-kind">tool call</span>{" "}
            <code className="tool-name">{row.tool.name}</code>
          </div>
          {row.tool.arguments !== undefined ? (
            <ClippedText text={pretty(row.tool.arguments)} className="tool-args" />
          ) : null}
          {row.tool.result !== undefined ? (
            <div className="tool-result">
              <div className="tool-head">
                <span className="tool-kind">tool result</span>
              </div>
              <ClippedText text={pretty(row.tool.result)} />
            </div>
          ) : null}
        </div>
      ) : null}
      {row.prompt.length + row.completion.length > 0 ? (
        <ChatTurns turns={[...row.prompt, ...row.completion]} />
      ) : null}
      <details>
        <summary className="small">All attributes</summary>
        <Fields fields={Object.entries(row.attributes)} />
      </details>
    </div>
  );
}
