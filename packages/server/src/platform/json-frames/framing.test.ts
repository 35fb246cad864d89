import { describe, expect, it } from "vitest";
import { createJsonArraySplitter, type Frame } from "./framing.ts";

/** The frames of `text` fed to a splitter in chunks of `size` bytes (the whole text for 0). */
function split(text: string, size: number, maxItemBytes = 1000): string[] {
  const bytes = Buffer.from(text);
  const splitter = createJsonArraySplitter(maxItemBytes);
  const frames: Frame[] = [];
  const step = size === 0 ? bytes.length : size;
  for (let at = 0; at < bytes.length; at += step)
    frames.push(...splitter.push(bytes.subarray(at, at + step)));
  frames.push(...splitter.end());
  return frames.map((frame) =>
    frame.kind === "record"
      ? `${frame.line}: ${frame.bytes.toString()}`
      : frame.kind === "bad"
        ? `${frame.line}! ${frame.reason}`
        : `file! ${frame.reason}`,
  );
}

/** Every chunk size from 1 byte to the whole text gives the same frames. */
function expectFrames(text: string, expected: string[], maxItemBytes?: number): void {
  for (let size = 0; size <= Buffer.byteLength(text); size++)
    expect(split(text, size, maxItemBytes), `chunks of ${size} bytes`).toEqual(expected);
}

describe("the JSON array splitter", () => {
  it("finds top-level items whatever the chunks, through strings, escapes and nesting", () => {
    expectFrames(
      ' [ {"a": "x, ] } \\" [ {"} , [1, [2, 3]],"back\\\\", 42 ,\n {"b":"\\u005d","é":"ü"}\n]\n',
      [
        '1: {"a": "x, ] } \\" [ {"}',
        "2: [1, [2, 3]]",
        '3: "back\\\\"',
        "4: 42",
        '5: {"b":"\\u005d","é":"ü"}',
      ],
    );
  });

  it("has no items in an empty array, and reports empty ones between commas", () => {
    expectFrames("[]", []);
    expectFrames("[ \n ]", []);
    expectFrames("[1,]", ["1: 1", "2! item is empty"]);
    expectFrames("[,1]", ["1! item is empty", "2: 1"]);
  });

  it("reports an array that is not closed, and text after it", () => {
    expectFrames("[1, 2", ["1: 1", "2: 2", "file! the JSON array is not closed"]);
    expectFrames('[1, "open', ["1: 1", '2: "open', "file! the JSON array is not closed"]);
    expectFrames("[1] x", ["1: 1", "file! there is text after the JSON array"]);
    expectFrames("[1]  \n", ["1: 1"]);
  });

  it("refuses an item over the limit without holding it, and goes on with the next", () => {
    expectFrames(
      `["${"x".repeat(20)}", "short"]`,
      ["1! item is longer than 10 bytes", '2: "short"'],
      10,
    );
    // The limit is on the item itself: whitespace before its comma does not count.
    expectFrames('["12345678"   , 1]', ['1: "12345678"', "2: 1"], 10);
  });
});
