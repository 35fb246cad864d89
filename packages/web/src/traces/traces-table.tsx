import type { TraceWithEvaluations } from "@assay/protocol";
import { Link } from "@tanstack/react-router";
import { SortHeader, type SortState } from "../evaluations/sort-header.tsx";
import { usd } from "../shared/format.ts";
import { latency, tokens } from "./summary-format.ts";
import { FORMAT_LABELS, shortDateTime } from "./trace-format.ts";
import { type SummaryFilter, sortOf, type TraceSearch, type TraceSort } from "./traces-search.ts";
import { HumanLabelChip, VerdictChip } from "./verdict-chip.tsx";

/** How much of a trace's input the list shows; the viewer has it all. */
const PREVIEW_CHARS = 160;

/**
 * The traces of one page, as an observability tool lists them: input, latency, tokens, cost,
 * model (and service), user (and session), source, time, the judges' latest verdicts and the
 * latest human label. Latency, tokens, cost and time sort on the server; a model, service, user
 * or session filters the list when clicked.
 */
export function TracesTable({
  traces,
  search,
  onSort,
  onFilter,
}: {
  traces: TraceWithEvaluations[];
  search: TraceSearch;
  onSort: (next: SortState<TraceSort>) => void;
  onFilter: (key: SummaryFilter, value: string) => void;
}) {
  const current = sortOf(search);
  const header = (key: TraceSort, column: string, label: string, title: string) => (
    <SortHeader
      sortKey={key}
      current={current}
      onSort={onSort}
      column={column}
      title={title}
      className={key === "created_at" ? undefined : "right"}
    >
      {label}
    </SortHeader>
  );
  return (
    <div className="table-scroll">
      <table className="traces">
        <thead>
          <tr>
            <th scope="col">Input</th>
            {header(
              "duration_ms",
              "latency",
              "Latency",
              "first span start to last span end, or the trace's own latency",
            )}
            {header(
              "total_tokens",
              "tokens",
              "Tokens",
              "input + output tokens of the trace's model calls",
            )}
            {header(
              "cost_usd",
              "cost",
              "Cost",
              "from the model's prices (catalog, or a custom model's own)",
            )}
            <th scope="col" data-column="model">
              Model
            </th>
            <th scope="col" data-column="user">
              User · session
            </th>
            <th scope="col">Source</th>
            {header("created_at", "created", "Created", "when the trace was uploaded")}
            <th scope="col">Latest verdicts · label</th>
          </tr>
        </thead>
        <tbody>
          {traces.map((trace) => (
            <TraceRow key={trace.id} trace={trace} search={search} onFilter={onFilter} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TraceRow({
  trace,
  search,
  onFilter,
}: {
  trace: TraceWithEvaluations;
  search: TraceSearch;
  onFilter: (key: SummaryFilter, value: string) => void;
}) {
  const filterButton = (key: SummaryFilter, value: string | undefined, muted = false) =>
    value === undefined ? null : (
      <button
        type="button"
        className={`link filter-value${muted ? " muted small" : ""}`}
        title={`Only traces of ${key} ${value}`}
        onClick={() => onFilter(key, value)}
      >
        {value}
      </button>
    );
  const label = trace.latest_label;
  return (
    <tr data-trace-id={trace.id}>
      <td className="input">
        <Link to="/traces/$id" params={{ id: trace.id }} search={search}>
          {preview(trace.input)}
        </Link>
      </td>
      <td className="right num nowrap" data-column="latency">
        {trace.duration_ms === undefined ? <Unknown /> : latency(trace.duration_ms)}
      </td>
      <td
        className="right num nowrap"
        data-column="tokens"
        title={
          trace.total_tokens === undefined
            ? undefined
            : `${tokens(trace.input_tokens ?? 0)} in, ${tokens(trace.output_tokens ?? 0)} out`
        }
      >
        {trace.total_tokens === undefined ? <Unknown /> : tokens(trace.total_tokens)}
      </td>
      <td className="right num nowrap" data-column="cost">
        {trace.cost_usd === undefined ? (
          <Unknown title="no tokens reported, or no prices for this model" />
        ) : (
          usd(trace.cost_usd)
        )}
      </td>
      <td className="summary-cell" data-column="model">
        {filterButton("model", trace.model)}
        {filterButton("service", trace.service_name, true)}
        {trace.model === undefined && trace.service_name === undefined ? <Unknown /> : null}
      </td>
      <td className="summary-cell" data-column="user">
        {filterButton("user", trace.user_id)}
        {filterButton("session", trace.session_id, true)}
        {trace.user_id === undefined && trace.session_id === undefined ? <Unknown /> : null}
      </td>
      <td className="source">
        {trace.filename} <span className="muted small num">#{trace.position}</span>{" "}
        <span className={`format format-${trace.format}`}>{FORMAT_LABELS[trace.format]}</span>
      </td>
      <td className="nowrap">{shortDateTime(trace.created_at)}</td>
      <td>
        <div className="verdict-list">
          {trace.last_evaluations.length === 0 && !label ? (
            <span className="muted small">not judged</span>
          ) : (
            trace.last_evaluations.map((e) => (
              <VerdictChip
                key={`${e.judge_id}-${e.created_at}`}
                judge={e.judge_name}
                passed={e.passed}
                status={e.status}
                title={`${e.judge_name} v${e.judge_version}, ${shortDateTime(e.created_at)}`}
              />
            ))
          )}
          {label ? (
            <HumanLabelChip
              passed={label.passed}
              title={`labelled by ${label.created_by}, ${shortDateTime(label.updated_at)}`}
            />
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** A figure the trace does not report: a dash, never a zero. */
function Unknown({ title = "the trace does not say" }: { title?: string }) {
  return (
    <span className="muted" title={title}>
      —
    </span>
  );
}

function preview(input: string | undefined): string {
  const text = (input ?? "").replace(/\s+/g, " ").trim();
  if (text === "") return "(no input)";
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}
