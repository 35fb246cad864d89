import {
  describeRecordProblems,
  type RecordProblem,
  type RecordUnit,
} from "../../../platform/json-frames/record-problems.ts";

export type { RecordUnit };
export type TraceProblem = RecordProblem;

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
    super(describeRecordProblems(unit, problems, badRecords));
    this.unit = unit;
    this.problems = problems;
    this.badRecords = badRecords;
  }
}
