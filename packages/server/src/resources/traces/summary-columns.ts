import type { TraceSummary } from "../../engine/traces/index.ts";
import type { TraceSummaryColumns } from "./trace-insert-repository.ts";

/**
 * The summary reader's version stored with each row: a later reader that reads more can find
 * the rows an older one summarized (housekeeping refills rows whose version is older or null).
 */
export const SUMMARY_VERSION = 1;

/** A trace's summary as its columns; total tokens only when the trace reports some. */
export function toSummaryColumns(summary: TraceSummary): TraceSummaryColumns {
  const { input_tokens, output_tokens } = summary;
  return {
    ...summary,
    total_tokens:
      input_tokens === null && output_tokens === null
        ? null
        : (input_tokens ?? 0) + (output_tokens ?? 0),
    summary_version: SUMMARY_VERSION,
  };
}
