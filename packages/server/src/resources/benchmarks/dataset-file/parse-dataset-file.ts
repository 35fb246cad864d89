import type { Readable } from "node:stream";
import { openFrames } from "../../../platform/json-frames/framing.ts";
import { DatasetFileError, type DatasetFormat, type RowProblem } from "./dataset-file-error.ts";
import { DEFAULT_MAX_PROBLEMS, MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_ROWS } from "./limits.ts";
import { parseRecord } from "./parse-record.ts";
import type { DatasetInputType, DatasetRow } from "./row-schema.ts";

export interface ParseDatasetOptions {
  inputType?: DatasetInputType;
  /** How many bad rows the error lists; every bad row is still counted. Default 20. */
  maxProblems?: number;
}

export interface ParsedDataset {
  format: DatasetFormat;
  rows: DatasetRow[];
}

/**
 * Reads an uploaded benchmark file (JSONL, or a JSON array when its first non-whitespace
 * character is `[`) and returns its rows.
 *
 * Policy (threat D4): one bad row refuses the whole file. A benchmark that silently lost rows
 * would be a different benchmark, so the caller imports nothing; the error lists the bad rows by
 * line so the user can fix the file in one pass. Reading stops early only for a file over
 * 50 MiB or over 100,000 rows.
 */
export async function parseDatasetFile(
  source: Readable,
  options: ParseDatasetOptions = {},
): Promise<ParsedDataset> {
  const maxProblems = options.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  const { format, frames } = await openFrames(source, {
    maxFileBytes: MAX_FILE_BYTES,
    maxRecordBytes: MAX_LINE_BYTES,
  });
  const fileProblems: RowProblem[] = [];
  const rowProblems: RowProblem[] = [];
  const rows: DatasetRow[] = [];
  let badRows = 0;
  let records = 0;

  for await (const frame of frames) {
    if (frame.kind === "file") {
      fileProblems.push({ line: 0, reason: frame.reason });
      continue;
    }
    const outcome =
      frame.kind === "bad" ? frame : parseRecord(frame.bytes, frame.line, options.inputType);
    if (outcome.kind === "blank") continue;
    records += 1;
    if (records > MAX_ROWS) {
      fileProblems.push({ line: 0, reason: `more than ${MAX_ROWS} rows` });
      break;
    }
    if (outcome.kind === "row") {
      // Once a row is bad the file is refused: keep counting, stop collecting.
      if (badRows === 0) rows.push(outcome.row);
      continue;
    }
    badRows += 1;
    if (rowProblems.length < maxProblems) {
      rowProblems.push({ line: frame.line, reason: outcome.reason });
    }
  }

  if (records === 0 && fileProblems.length === 0) {
    fileProblems.push({ line: 0, reason: "the file has no rows" });
  }
  if (fileProblems.length > 0 || badRows > 0) {
    throw new DatasetFileError(format, [...fileProblems, ...rowProblems], badRows);
  }
  return { format, rows };
}
