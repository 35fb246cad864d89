import type { FieldErrors } from "./field-errors.ts";

const LINE = /^line (\d+)$/;

/** The lines of a refused file the server named (422), in file order; line 0 is the whole file. */
export function lineErrors(errors: FieldErrors): { line: number; message: string }[] {
  return [...errors]
    .flatMap(([field, message]) => {
      const match = LINE.exec(field);
      return match ? [{ line: Number(match[1]), message }] : [];
    })
    .sort((a, b) => a.line - b.line);
}

export const isLineField = (field: string) => LINE.test(field);
