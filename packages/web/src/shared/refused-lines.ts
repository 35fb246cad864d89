import type { FieldErrors } from "./field-errors.ts";

/** `line 7` of a JSONL file, `item 7` of a JSON array file, `line 0` or `file`: the whole file. */
const RECORD = /^(line|item) (\d+)$/;

export interface RefusedLine {
  /** 1-based; 0 for a problem of the whole file. */
  line: number;
  /** How the server named it: `line 7`, `item 7`, or `the file`. */
  label: string;
  message: string;
}

/** The records of a refused file the server named (422), in file order; the whole file first. */
export function lineErrors(errors: FieldErrors): RefusedLine[] {
  return [...errors]
    .flatMap(([field, message]) => {
      if (field === "file") return [{ line: 0, label: "the file", message }];
      const match = RECORD.exec(field);
      if (!match) return [];
      const line = Number(match[2]);
      return [{ line, label: line === 0 ? "the file" : field, message }];
    })
    .sort((a, b) => a.line - b.line);
}

export const isLineField = (field: string) => field === "file" || RECORD.test(field);
