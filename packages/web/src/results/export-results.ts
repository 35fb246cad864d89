import type { Result } from "@assay/protocol";
import { getClient } from "../api/client.ts";
import { outcomeOf } from "./outcome.ts";
import type { ResultFilter } from "./results-search.ts";

export type ExportFormat = "csv" | "jsonl";

const COLUMNS = [
  "position",
  "prompt_id",
  "subset",
  "outcome",
  "score",
  "prompt",
  "truth",
  "response",
  "reason",
  "error",
  "prompt_tokens",
  "completion_tokens",
  "duration_s",
  "cached",
] as const;

function flat(r: Result): Record<(typeof COLUMNS)[number], string | number | boolean | null> {
  return {
    position: r.position,
    prompt_id: r.prompt_id,
    subset: r.subset,
    outcome: outcomeOf(r),
    score: r.score,
    prompt: r.prompt,
    truth: r.truth,
    response: r.result,
    reason: r.reason,
    error: r.error,
    prompt_tokens: r.tokens.prompt,
    completion_tokens: r.tokens.completion,
    duration_s: r.duration,
    cached: r.cached,
  };
}

/** RFC 4180: a field with a quote, comma or line break is quoted, quotes doubled. */
function csvField(value: string | number | boolean | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Every result the filters keep, read page by page with the SDK (500 a request, one request at a
 * time) and written as CSV or JSONL (one API result object a line); `onProgress` gets the count.
 */
export async function exportResults(
  id: string,
  filter: ResultFilter,
  format: ExportFormat,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<Blob> {
  const parts: string[] = format === "csv" ? [`${COLUMNS.join(",")}\r\n`] : [];
  let done = 0;
  for await (const r of getClient().results.iterate(id, { ...filter, pageSize: 500 }, { signal })) {
    parts.push(
      format === "csv"
        ? `${COLUMNS.map((c) => csvField(flat(r)[c])).join(",")}\r\n`
        : `${JSON.stringify(r)}\n`,
    );
    done++;
    if (done % 500 === 0) onProgress(done);
  }
  onProgress(done);
  return new Blob(parts, {
    type: format === "csv" ? "text/csv;charset=utf-8" : "application/x-ndjson",
  });
}

/** Hands a Blob to the browser as a download. */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by now; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
