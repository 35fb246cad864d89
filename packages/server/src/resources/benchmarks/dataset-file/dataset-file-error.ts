import type { FrameFormat } from "../../../platform/json-frames/framing.ts";

/** JSONL, or a JSON array of rows. */
export type DatasetFormat = FrameFormat;

/**
 * `line` is the 1-based line number (JSONL) or item number (JSON array) of the bad row, or 0 for
 * a problem with the whole file ("the file has no rows", "more than 100000 rows").
 */
export interface RowProblem {
  line: number;
  reason: string;
}

/**
 * A dataset file that cannot be imported. `problems` holds the file's own problems and the first
 * `maxProblems` bad rows; `badRows` counts every bad row, listed or not.
 */
export class DatasetFileError extends Error {
  override name = "DatasetFileError";
  readonly format: DatasetFormat;
  readonly problems: RowProblem[];
  readonly badRows: number;

  constructor(format: DatasetFormat, problems: RowProblem[], badRows: number) {
    super(describeProblems(format, problems, badRows));
    this.format = format;
    this.problems = problems;
    this.badRows = badRows;
  }
}

/** "3 bad lines: line 2: truth is missing; line 5: not valid JSON; line 6: …" */
function describeProblems(format: DatasetFormat, problems: RowProblem[], badRows: number) {
  const unit = format === "json" ? "item" : "line";
  const parts = problems.filter((problem) => problem.line === 0).map((problem) => problem.reason);
  if (badRows > 0) {
    const listed = problems
      .filter((problem) => problem.line > 0)
      .map((problem) => `${unit} ${problem.line}: ${problem.reason}`);
    if (badRows > listed.length) listed.push(`… ${badRows - listed.length} more`);
    parts.push(`${badRows} bad ${unit}${badRows === 1 ? "" : "s"}: ${listed.join("; ")}`);
  }
  return parts.join("; ");
}
