/** `line` is the 1-based line (JSONL) or item (JSON array) number, or 0 for the whole file. */
export interface TraceProblem {
  line: number;
  reason: string;
}

/** How records are numbered in messages: lines of JSONL (or a JSON document), array items. */
export type RecordUnit = "line" | "item";

/**
 * An uploaded trace file that creates nothing. `problems` holds the file's own problems and the
 * first bad records; `badRecords` counts every bad record seen, listed or not.
 */
export class TraceFileError extends Error {
  override name = "TraceFileError";
  readonly unit: RecordUnit;
  readonly problems: TraceProblem[];
  readonly badRecords: number;

  constructor(unit: RecordUnit, problems: TraceProblem[], badRecords: number) {
    super(describe(unit, problems, badRecords));
    this.unit = unit;
    this.problems = problems;
    this.badRecords = badRecords;
  }
}

/** "the file has no traces" or "2 bad lines: line 2: not valid JSON; line 5: …" */
function describe(unit: RecordUnit, problems: TraceProblem[], badRecords: number): string {
  const parts = problems.filter((p) => p.line === 0).map((p) => p.reason);
  if (badRecords > 0) {
    const listed = problems.filter((p) => p.line > 0).map((p) => `${unit} ${p.line}: ${p.reason}`);
    if (badRecords > listed.length) listed.push(`… ${badRecords - listed.length} more`);
    parts.push(`${badRecords} bad ${unit}${badRecords === 1 ? "" : "s"}: ${listed.join("; ")}`);
  }
  return parts.join("; ");
}
