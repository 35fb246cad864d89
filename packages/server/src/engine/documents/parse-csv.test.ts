import { describe, expect, it } from "vitest";
import { CsvSyntaxError, parseCsv } from "./parse-csv.ts";

describe("parseCsv", () => {
  it("reads plain fields and records ended by LF, CRLF or CR", () => {
    expect(parseCsv("a,b\r\n1,2\n3,4\r5,6")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("reads quoted fields holding delimiters, line breaks and doubled quotes", () => {
    expect(parseCsv('name,note\r\n"Smith, J.","said ""hi""\r\nthen left"\r\n')).toEqual([
      ["name", "note"],
      ["Smith, J.", 'said "hi"\r\nthen left'],
    ]);
  });

  it("keeps empty fields, including a quoted empty one and a trailing one", () => {
    expect(parseCsv('a,,"",b,\n')).toEqual([["a", "", "", "b", ""]]);
  });

  it("adds no row for a final line end, but keeps blank lines in the middle", () => {
    expect(parseCsv("a\n\nb\n")).toEqual([["a"], [""], ["b"]]);
  });

  it("keeps a quote inside an unquoted field as text", () => {
    expect(parseCsv('5" pipe,x')).toEqual([['5" pipe', "x"]]);
  });

  it("uses another delimiter when told", () => {
    expect(parseCsv("a\tb,c\n1\t2", "\t")).toEqual([
      ["a", "b,c"],
      ["1", "2"],
    ]);
  });

  it("refuses an unterminated quoted field, naming the line it opens on", () => {
    const error = (() => {
      try {
        parseCsv('a,b\n1,"open\nstill open');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(2);
  });

  it("refuses text after a closing quote", () => {
    expect(() => parseCsv('"a"b,c')).toThrow(/after the closing quote/);
  });
});
