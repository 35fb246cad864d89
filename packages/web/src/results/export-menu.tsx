import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { download, type ExportFormat, exportResults } from "./export-results.ts";
import type { ResultFilter } from "./results-search.ts";

/** CSV and JSONL downloads of exactly the rows the filters keep, read page by page. */
export function ExportMenu(props: {
  id: string;
  filter: ResultFilter;
  total: number;
  /** Times the run asks each prompt: above 1, the CSV has a row per answer. */
  repeats?: number;
}) {
  const { id, filter, total, repeats = 1 } = props;
  const [done, setDone] = useState(0);
  const run = useMutation({
    mutationFn: async (format: ExportFormat) => {
      setDone(0);
      const blob = await exportResults(id, filter, format, setDone, undefined, repeats);
      download(blob, `results-${id}.${format}`);
    },
  });
  return (
    <div className="export">
      {(["csv", "jsonl"] as const).map((format) => (
        <button
          key={format}
          type="button"
          disabled={run.isPending || total === 0}
          onClick={() => run.mutate(format)}
          title={
            repeats > 1
              ? format === "csv"
                ? `Download the answers of the ${total} prompts the filters keep, one row per answer`
                : `Download the ${total} prompts the filters keep, each with its answers`
              : `Download the ${total} results the filters keep`
          }
        >
          Export {format.toUpperCase()}
        </button>
      ))}
      {run.isPending ? (
        <span className="muted small num" role="status">
          {done} / {total}
        </span>
      ) : null}
      {run.isError ? <ErrorMessage error={run.error} /> : null}
    </div>
  );
}
