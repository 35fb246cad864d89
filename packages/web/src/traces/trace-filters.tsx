import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { SearchBox } from "../evaluations/search-box.tsx";
import {
  isFiltered,
  LATENCY_FLOORS,
  SUMMARY_FILTERS,
  TIME_RANGES,
  type TraceSearch,
} from "./traces-search.ts";
import { useJudgeChoices, useTraceSources } from "./use-traces.ts";

/** The server's filters, each kept in the URL; a change goes back to the first page. */
export function TraceFilters({ search }: { search: TraceSearch }) {
  const navigate = useNavigate({ from: "/traces" });
  const sources = useTraceSources();
  const judges = useJudgeChoices();
  const set = useCallback(
    (patch: Partial<TraceSearch>) =>
      navigate({ search: (previous) => ({ ...previous, ...patch, page: undefined }) }),
    [navigate],
  );
  const onSearch = useCallback((q: string | undefined) => set({ q }), [set]);
  const ranges: readonly (readonly [string, string])[] =
    search.range && !TIME_RANGES.some(([value]) => value === search.range)
      ? [...TIME_RANGES, [search.range, `last ${search.range}`]]
      : TIME_RANGES;

  return (
    <div className="filters">
      <SearchBox label="Search" value={search.q} onSearch={onSearch} placeholder="input or file" />
      <label>
        Source
        <select
          name="source"
          value={search.source ?? ""}
          onChange={(e) => set({ source: e.target.value || undefined })}
        >
          <option value="">all files</option>
          {search.source && !sources.data?.includes(search.source) ? (
            <option value={search.source}>{search.source}</option>
          ) : null}
          {sources.data?.map((source) => (
            <option key={source} value={source}>
              {source}
            </option>
          ))}
        </select>
      </label>
      <label>
        Judge
        <select
          name="judge"
          value={search.judge ?? ""}
          onChange={(e) => set({ judge: e.target.value || undefined })}
        >
          <option value="">any</option>
          {search.judge && !judges.data?.some((j) => j.id === search.judge) ? (
            <option value={search.judge}>{judges.data ? "(not in this project)" : "…"}</option>
          ) : null}
          {judges.data?.map((judge) => (
            <option key={judge.id} value={judge.id}>
              {judge.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Verdict
        <select
          name="status"
          value={search.status ?? ""}
          title="the latest verdict (of the chosen judge, if one is chosen); errored: its latest run gave no verdict"
          onChange={(e) =>
            set({ status: (e.target.value || undefined) as TraceSearch["status"] | undefined })
          }
        >
          <option value="">any</option>
          <option value="pass">passed</option>
          <option value="fail">failed</option>
          <option value="error">errored</option>
        </select>
      </label>
      <label>
        Latency
        <select
          name="min_ms"
          value={search.min_ms ?? ""}
          onChange={(e) => set({ min_ms: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">any</option>
          {search.min_ms && !LATENCY_FLOORS.some(([ms]) => ms === search.min_ms) ? (
            <option value={search.min_ms}>≥ {search.min_ms} ms</option>
          ) : null}
          {LATENCY_FLOORS.map(([ms, label]) => (
            <option key={ms} value={ms}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Created
        <select
          name="range"
          value={search.range ?? ""}
          onChange={(e) => set({ range: e.target.value || undefined })}
        >
          <option value="">any time</option>
          {ranges.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <SummaryFilterChips search={search} onClear={(key) => set({ [key]: undefined })} />
      {isFiltered(search) ? (
        <button
          type="button"
          className="link"
          onClick={() =>
            set({
              source: undefined,
              judge: undefined,
              status: undefined,
              range: undefined,
              q: undefined,
              model: undefined,
              service: undefined,
              session: undefined,
              user: undefined,
              min_ms: undefined,
            })
          }
        >
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/** The model, service, session or user the list is narrowed to (set by clicking one), each removable. */
function SummaryFilterChips({
  search,
  onClear,
}: {
  search: TraceSearch;
  onClear: (key: (typeof SUMMARY_FILTERS)[number][0]) => void;
}) {
  const active = SUMMARY_FILTERS.filter(([key]) => search[key] !== undefined);
  if (active.length === 0) return null;
  return (
    <div className="summary-filters">
      {active.map(([key, words]) => (
        <button
          key={key}
          type="button"
          className="filter-chip"
          title="Remove this filter"
          onClick={() => onClear(key)}
        >
          {words} {search[key]} <span aria-hidden="true">×</span>
        </button>
      ))}
    </div>
  );
}
