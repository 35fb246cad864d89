import { describe, expect, it } from "vitest";
import { csvField, csvRecord } from "./csv.ts";

describe("CSV (RFC 4180)", () => {
  it("quotes only fields that need it, doubling quotes inside", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
    expect(csvField("")).toBe("");
  });

  it("writes numbers and booleans as text, null and undefined as empty fields", () => {
    expect(csvRecord([1, 0.25, true, false, null, undefined, "x"])).toBe(
      "1,0.25,true,false,,,x\r\n",
    );
  });

  it("ends every record with CRLF", () => {
    expect(csvRecord(["a"]) + csvRecord(["b"])).toBe("a\r\nb\r\n");
  });
});
