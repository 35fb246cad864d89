import { APIStatusError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { fieldErrors } from "./field-errors.ts";
import { isLineField, lineErrors } from "./refused-lines.ts";

describe("lineErrors", () => {
  it("lists a 422's lines in file order, line 0 (the whole file) first, other fields left out", () => {
    const refusal = APIStatusError.generate(
      422,
      JSON.stringify({
        error: {
          message: "quiz.jsonl was refused, nothing was imported: …",
          code: "UNPROCESSABLE_CONTENT",
          details: [
            { field: "line 12", message: "truth is missing" },
            { field: "line 3", message: "not valid JSON" },
            { field: "line 0", message: "the file has no rows" },
            { field: "body.file", message: "not a line" },
          ],
        },
      }),
      {},
    );
    expect(lineErrors(fieldErrors(refusal))).toEqual([
      { line: 0, label: "the file", message: "the file has no rows" },
      { line: 3, label: "line 3", message: "not valid JSON" },
      { line: 12, label: "line 12", message: "truth is missing" },
    ]);
  });

  it("reads a trace file's refusal: items of a JSON array, and the file's own problems", () => {
    const errors = new Map([
      ["item 2", "not an object"],
      ["file", "reading stopped after 1000 bad records"],
    ]);
    expect(lineErrors(errors)).toEqual([
      { line: 0, label: "the file", message: "reading stopped after 1000 bad records" },
      { line: 2, label: "item 2", message: "not an object" },
    ]);
  });

  it("tells line fields from request fields", () => {
    expect(isLineField("line 7")).toBe(true);
    expect(isLineField("item 7")).toBe(true);
    expect(isLineField("file")).toBe(true);
    expect(isLineField("body.name")).toBe(false);
    expect(isLineField("line seven")).toBe(false);
  });
});
