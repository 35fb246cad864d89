import { DEFAULT_MAX_PROBLEMS, MAX_BAD_RECORDS } from "./limits.ts";
import { type RecordUnit, TraceFileError, type TraceProblem } from "./trace-file-error.ts";

/** The problems found while reading a file: file-level ones, and the first bad records. */
export function createProblemList(maxListed = DEFAULT_MAX_PROBLEMS) {
  const fileProblems: TraceProblem[] = [];
  const recordProblems: TraceProblem[] = [];
  let badRecords = 0;

  return {
    /** Nothing wrong so far: traces may still be handed on. */
    get ok(): boolean {
      return fileProblems.length === 0 && badRecords === 0;
    },
    /** Too many bad records to be worth reading on. */
    get full(): boolean {
      return badRecords >= MAX_BAD_RECORDS;
    },
    file(reason: string): void {
      fileProblems.push({ line: 0, reason });
    },
    record(line: number, reason: string): void {
      badRecords += 1;
      if (recordProblems.length < maxListed) recordProblems.push({ line, reason });
      if (badRecords === MAX_BAD_RECORDS)
        fileProblems.push({
          line: 0,
          reason: `reading stopped after ${MAX_BAD_RECORDS} bad records`,
        });
    },
    error(unit: RecordUnit): TraceFileError {
      return new TraceFileError(unit, [...fileProblems, ...recordProblems], badRecords);
    },
  };
}

export type ProblemList = ReturnType<typeof createProblemList>;
