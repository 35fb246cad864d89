/**
 * A problem found in an uploaded file of records: `line` is the 1-based line (JSONL) or item
 * (JSON array) number of the bad record, or 0 for a problem with the whole file.
 */
export interface RecordProblem {
  line: number;
  reason: string;
}

/** How records are numbered in messages: lines of JSONL (or a JSON document), array items. */
export type RecordUnit = "line" | "item";

/**
 * One message for a refused file: its own problems, then the count of bad records and the listed
 * ones — "the file has no rows" or "3 bad lines: line 2: not valid JSON; line 5: …; … 1 more".
 */
export function describeRecordProblems(
  unit: RecordUnit,
  problems: readonly RecordProblem[],
  badRecords: number,
): string {
  const parts = problems.filter((p) => p.line === 0).map((p) => p.reason);
  if (badRecords > 0) {
    const listed = problems.filter((p) => p.line > 0).map((p) => `${unit} ${p.line}: ${p.reason}`);
    if (badRecords > listed.length) listed.push(`… ${badRecords - listed.length} more`);
    parts.push(`${badRecords} bad ${unit}${badRecords === 1 ? "" : "s"}: ${listed.join("; ")}`);
  }
  return parts.join("; ");
}
