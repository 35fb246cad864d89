import { type Evaluation, RESULT_OUTCOMES } from "@assay/protocol";
import { useEffect, useState } from "react";
import type { Outcome, ResultsSearch } from "./results-search.ts";

/** What each outcome button says; `flaky` only exists for runs with repeats. */
const OUTCOME_LABELS: Record<Outcome, string> = {
  passed: "passed",
  failed: "failed",
  error: "error",
  flaky: "flaky (answers disagree)",
};

/** What each outcome keeps of a prompt asked several times (the API's rules). */
const REPEAT_TITLES: Record<Outcome, string> = {
  passed: "every answer right",
  failed: "at least one answer not right",
  error: "at least one answer failed to be answered or scored",
  flaky: "some answers right, some not",
};

/**
 * Outcome, subset and text search; each change rewrites the URL, which drives the queries. A
 * run with repeats filters prompts by what their answers say together, and can keep the flaky
 * ones; a run without has no `flaky` (one answer never disagrees with itself).
 */
export function ResultsFilters(props: {
  search: ResultsSearch;
  subsets: Evaluation["assay"]["subsets"];
  onChange: (patch: Partial<ResultsSearch>) => void;
  /** Times the run asks each prompt. */
  repeats?: number;
}) {
  const { search, subsets, onChange, repeats = 1 } = props;
  const outcomes = RESULT_OUTCOMES.filter(
    (o) => o !== "flaky" || repeats > 1 || search.outcome === "flaky",
  );
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
        {[undefined, ...outcomes].map((o) => (
          <button
            key={o ?? "all"}
            type="button"
            aria-pressed={search.outcome === o}
            title={o && repeats > 1 ? REPEAT_TITLES[o] : undefined}
            onClick={() => onChange({ outcome: o, prompt: undefined })}
          >
            {o ? OUTCOME_LABELS[o] : "all"}
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
                {s.name} ({s.prompts ?? s.total})
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
