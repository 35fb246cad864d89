import { type Result, routes } from "@assay/protocol";
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

type Row = Record<(typeof COLUMNS)[number], string | number | boolean | null>;

function flat(r: Result): Row {
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
 *
 * A run with repeats keeps both shapes readable by what reads them. JSONL stays one API object
 * per prompt, its answers nested in `repeats` as the API gives them (a prompt and its answers
 * stay one record; nothing is repeated). CSV, which has no nesting, gets one row per answer with
 * a `repeat` column (0-based) after `position`: the prompt's fields repeated on each, the answer's
 * own outcome, score, response, reason, error, tokens and time, so a spreadsheet or a data frame
 * groups by `position` and counts. The filters keep prompts (as the table does); the answers'
 * tokens come from the per-answer listing, read alongside in the same order.
 */
export async function exportResults(
  id: string,
  filter: ResultFilter,
  format: ExportFormat,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
  repeats = 1,
): Promise<Blob> {
  const perAnswer = format === "csv" && repeats > 1;
  const header = perAnswer ? ["position", "repeat", ...COLUMNS.slice(1)] : [...COLUMNS];
  const parts: string[] = format === "csv" ? [`${header.join(",")}\r\n`] : [];
  const answers = perAnswer ? answersInOrder(id, filter.subset, signal) : undefined;
  let done = 0;
  for await (const r of getClient().results.iterate(id, { ...filter, pageSize: 500 }, { signal })) {
    if (answers) {
      for (const row of await answerRows(r, answers)) parts.push(csvLine(header, row));
    } else {
      parts.push(format === "csv" ? csvLine(header, flat(r)) : `${JSON.stringify(r)}\n`);
    }
    done++;
    if (done % 500 === 0) onProgress(done);
  }
  onProgress(done);
  return new Blob(parts, {
    type: format === "csv" ? "text/csv;charset=utf-8" : "application/x-ndjson",
  });
}

function csvLine(header: readonly string[], row: Record<string, string | number | boolean | null>) {
  return `${header.map((c) => csvField(row[c] ?? null)).join(",")}\r\n`;
}

/** The run's answers one by one in benchmark order (`repeats=each`), of one subset if asked. */
async function* answerStream(
  id: string,
  subset: string | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<Result, void, undefined> {
  for (let page = 1; ; page++) {
    const { results, metrics } = await getClient().request(
      routes.listResults,
      { query: { evaluation_id: id, page, page_size: 500, subset, repeats: "each" } },
      { signal },
    );
    yield* results;
    if (results.length === 0 || page * 500 >= metrics.total_count) return;
  }
}

/** The answers stream with one answer of look-ahead, to take a prompt's answers and stop. */
function answersInOrder(id: string, subset: string | undefined, signal?: AbortSignal) {
  const stream = answerStream(id, subset, signal);
  let next: Promise<IteratorResult<Result, void>> | undefined;
  return {
    /** The answers at `position`, skipping those of prompts before it (filtered out). */
    async at(position: number): Promise<Result[]> {
      const found: Result[] = [];
      for (;;) {
        next ??= stream.next();
        const item = await next;
        if (item.done || item.value.position > position) return found;
        next = undefined;
        if (item.value.position === position) found.push(item.value);
      }
    },
  };
}

/**
 * A prompt's CSV rows, one per answer it has (a running run may lack some), each the answer as
 * the per-answer listing gives it; an answer written after that listing was read has no tokens.
 */
async function answerRows(
  prompt: Result,
  answers: ReturnType<typeof answersInOrder>,
): Promise<Record<string, string | number | boolean | null>[]> {
  const listed = new Map((await answers.at(prompt.position)).map((a) => [a.repeat, a]));
  return (prompt.repeats ?? []).map((a) => {
    const full = listed.get(a.repeat);
    return {
      ...flat(prompt),
      repeat: a.repeat,
      outcome: a.error !== null ? "error" : a.passed ? "passed" : "failed",
      score: a.score,
      response: a.result,
      reason: a.reason,
      error: a.error,
      prompt_tokens: full ? full.tokens.prompt : null,
      completion_tokens: full ? full.tokens.completion : null,
      duration_s: a.duration,
      cached: full ? full.cached : null,
    };
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
