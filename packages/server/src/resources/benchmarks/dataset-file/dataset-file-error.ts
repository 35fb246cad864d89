import type { FrameFormat } from "../../../platform/json-frames/framing.ts";
import {
  describeRecordProblems,
  type RecordProblem,
} from "../../../platform/json-frames/record-problems.ts";

/** JSONL, or a JSON array of rows. */
export type DatasetFormat = FrameFormat;

/** A bad row (`line` ≥ 1) or a problem with the whole file (`line` 0). */
export type RowProblem = RecordProblem;

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
    super(describeRecordProblems(format === "json" ? "item" : "line", problems, badRows));
    this.format = format;
    this.problems = problems;
    this.badRows = badRows;
  }
}
