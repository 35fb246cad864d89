import { type Evaluation, RESULT_OUTCOMES } from "@assay/protocol";
import { useEffect, useState } from "react";
import type { ResultsSearch } from "./results-search.ts";

/** Outcome, subset and text search; each change rewrites the URL, which drives the queries. */
export function ResultsFilters(props: {
  search: ResultsSearch;
  subsets: Evaluation["assay"]["subsets"];
  onChange: (patch: Partial<ResultsSearch>) => void;
}) {
  const { search, subsets, onChange } = props;
  const [text, setText] = useState(search.q ?? "");
  // Typing asks the server once the typist pauses, not at every key.
  useEffect(() => {
    const wanted = text.trim() === "" ? undefined : text;
    if (wanted === search.q) return;
    const timer = setTimeout(() => onChange({ q: wanted, prompt: undefined }), 250);
    return () => clearTimeout(timer);
  }, [text, search.q, onChange]);
  // Back/forward or a link changes the URL: the box follows.
  useEffect(
    () => setText((current) => (current.trim() === (search.q ?? "") ? current : (search.q ?? ""))),
    [search.q],
  );

  return (
    <div className="filters">
      <fieldset className="segmented" aria-label="Outcome">
        {([undefined, ...RESULT_OUTCOMES] as const).map((o) => (
          <button
            key={o ?? "all"}
            type="button"
            aria-pressed={search.outcome === o}
            onClick={() => onChange({ outcome: o, prompt: undefined })}
          >
            {o ?? "all"}
          </button>
        ))}
      </fieldset>
      {subsets.length > 1 || search.subset ? (
        <label>
          Subset
          <select
            name="subset"
            value={search.subset ?? ""}
            onChange={(e) => onChange({ subset: e.target.value || undefined, prompt: undefined })}
          >
            <option value="">all</option>
            {search.subset && !subsets.some((s) => s.name === search.subset) ? (
              <option value={search.subset}>{search.subset} (not in this evaluation)</option>
            ) : null}
            {subsets.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} ({s.total})
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        Search
        <input
          type="search"
          name="q"
          placeholder="prompt, response or truth"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
    </div>
  );
}
