import type { Benchmark, PromptField } from "@assay/client";
import { DEFAULT_SUBSET, withoutOpening, withoutSharedOpening } from "@assay/protocol";
import { useEffect, useMemo, useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { SharedOpeningNote } from "../shared/shared-opening-note.tsx";
import { inputSummary } from "./prompt-input.tsx";
import { PromptPanel } from "./prompt-panel.tsx";
import {
  PAGE_SIZES,
  type PromptSearch,
  type PromptSearchParams,
  SEARCH_FIELDS,
} from "./prompt-search.ts";
import { SubsetFilter } from "./subset-filter.tsx";
import { usePrompts } from "./use-benchmarks.ts";

/**
 * A benchmark's prompts, a page at a time as the server pages and searches them; a row opens the
 * whole prompt beside the table. Everything is in the URL.
 */
export function PromptBrowser({
  benchmark,
  search,
  onChange,
}: {
  benchmark: Benchmark;
  search: PromptSearch;
  onChange: (patch: Partial<PromptSearchParams>) => void;
}) {
  const prompts = usePrompts(benchmark.id, search);
  const data = prompts.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / search.size)) : 1;
  const open = search.open;
  const openPrompt = data?.prompts.find((p) => p.id === open);
  // Prompts from one template read as their questions; the panel shows the whole prompt.
  const opening = useMemo(
    () => withoutSharedOpening(data?.prompts.map((p) => inputSummary(p.input)) ?? []).opening,
    [data],
  );
  // A subset column reading "default" (or nothing) on every row says nothing.
  const subsets = data?.prompts.some((p) => p.subset && p.subset !== DEFAULT_SUBSET) ?? false;

  // With a prompt open: Escape closes it, j/k (or ↓/↑) open the next or previous one on the page.
  const ids = data?.prompts.map((p) => p.id);
  useEffect(() => {
    if (open === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea"))
        return;
      if (event.key === "Escape") return onChange({ open: undefined });
      const step = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }[event.key];
      const next = step && ids ? ids[ids.indexOf(open) + step] : undefined;
      if (next === undefined) return;
      event.preventDefault();
      onChange({ open: next });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, ids, onChange]);

  return (
    <section className="prompt-browser" aria-label="prompts">
      <div className="filters prompt-tools">
        <SubsetFilter benchmarkId={benchmark.id} subset={search.subset} onChange={onChange} />
        <SearchBox search={search} onChange={onChange} />
        <label>
          Per page
          <select
            value={search.size}
            onChange={(event) =>
              onChange({ page_size: Number(event.target.value), page: undefined })
            }
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {data ? (
          <span className="muted count" aria-live="polite">
            {search.q || search.subset
              ? `${data.count.toLocaleString()} of ${benchmark.prompt_count.toLocaleString()} prompts match`
              : `${data.count.toLocaleString()} prompts`}
          </span>
        ) : null}
      </div>
      {prompts.isError ? <ErrorMessage error={prompts.error} /> : null}
      {prompts.isPending ? (
        <p className="muted">
          Loading prompts…{" "}
          {"loaded" in benchmark && !benchmark.loaded
            ? "(a built-in benchmark's data is downloaded on first use)"
            : ""}
        </p>
      ) : null}
      {data && data.prompts.length === 0 ? (
        <p className="empty">
          {search.q
            ? `No prompt${search.subset ? ` of subset ${search.subset}` : ""} has “${search.q}” in its ${search.field}. Search another field, or clear the search.`
            : search.subset
              ? `No prompt is in subset ${search.subset}. Choose another subset, or all.`
              : "This benchmark has no prompts."}
        </p>
      ) : null}
      {data && data.prompts.length > 0 ? <SharedOpeningNote opening={opening} /> : null}
      {data && data.prompts.length > 0 ? (
        <div className={open ? "prompt-layout with-panel" : "prompt-layout"}>
          <table
            className={prompts.isPlaceholderData ? "prompts stale" : "prompts"}
            aria-busy={prompts.isFetching}
          >
            <thead>
              <tr>
                <th className="col-id">Id</th>
                <th>Input</th>
                <th className="col-truth">Expected</th>
                {subsets ? <th className="col-subset">Subset</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.prompts.map((p) => (
                <tr key={p.id} aria-selected={p.id === open} data-prompt-id={p.id}>
                  <td className="num small col-id">{p.id}</td>
                  <td>
                    <button
                      type="button"
                      className="row-open"
                      onClick={() => onChange({ open: p.id === open ? undefined : p.id })}
                      title="show the whole prompt"
                    >
                      {withoutOpening(inputSummary(p.input), opening)}
                    </button>
                  </td>
                  <td className="col-truth">{p.truth}</td>
                  {subsets ? (
                    <td className="small col-subset">
                      {p.subset ?? <span className="muted">—</span>}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
          {open ? (
            <PromptPanel prompt={openPrompt} onClose={() => onChange({ open: undefined })} />
          ) : null}
        </div>
      ) : null}
      {data && pages > 1 ? (
        <nav className="pager" aria-label="pages">
          <button
            type="button"
            disabled={search.page <= 1}
            onClick={() => onChange({ page: search.page - 1 > 1 ? search.page - 1 : undefined })}
          >
            ← Previous
          </button>
          <span className="num">
            page {search.page} of {pages}
          </span>
          <button
            type="button"
            disabled={search.page >= pages}
            onClick={() => onChange({ page: search.page + 1 })}
          >
            Next →
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** The field to search in and the text to look for; the server answers after a pause in typing. */
function SearchBox({
  search,
  onChange,
}: {
  search: PromptSearch;
  onChange: (patch: Partial<PromptSearchParams>) => void;
}) {
  const [text, setText] = useState(search.q ?? "");
  useEffect(() => {
    const wanted = text.trim() === "" ? undefined : text.trim();
    if (wanted === search.q) return;
    const timer = setTimeout(() => onChange({ q: wanted, page: undefined, open: undefined }), 250);
    return () => clearTimeout(timer);
  }, [text, search.q, onChange]);
  // Back/forward or a link changes the URL: the box follows.
  useEffect(
    () => setText((current) => (current.trim() === (search.q ?? "") ? current : (search.q ?? ""))),
    [search.q],
  );
  return (
    <>
      <label>
        Search in
        <select
          value={search.field}
          onChange={(event) =>
            onChange({
              search: event.target.value as PromptField,
              page: undefined,
              open: undefined,
            })
          }
        >
          {SEARCH_FIELDS.map((field) => (
            <option key={field} value={field}>
              {field === "truth" ? "expected answer" : field}
            </option>
          ))}
        </select>
      </label>
      <label>
        Search
        <input
          type="search"
          value={text}
          placeholder={`text in the ${search.field === "truth" ? "expected answer" : search.field}`}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
    </>
  );
}
