import type { PromptSearchParams } from "./prompt-search.ts";
import { useSubsets } from "./use-benchmarks.ts";

/** Only one subset's prompts; each choice says how many prompts it holds. */
export function SubsetFilter({
  benchmarkId,
  subset,
  onChange,
}: {
  benchmarkId: string;
  subset: string | undefined;
  onChange: (patch: Partial<PromptSearchParams>) => void;
}) {
  const subsets = useSubsets(benchmarkId);
  const list = subsets.data ?? [];
  // One subset (or none) is nothing to choose from, unless the URL names another.
  if (list.length < 2 && !subset) return null;
  return (
    <label>
      Subset
      <select
        value={subset ?? ""}
        onChange={(event) =>
          onChange({ subset: event.target.value || undefined, page: undefined, open: undefined })
        }
      >
        <option value="">all</option>
        {subset && !list.some((s) => s.name === subset) ? (
          <option value={subset}>{subset} (not in this benchmark)</option>
        ) : null}
        {list.map((s) => (
          <option key={s.name} value={s.name}>
            {s.name} ({s.prompt_count.toLocaleString()})
          </option>
        ))}
      </select>
    </label>
  );
}
