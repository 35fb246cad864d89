import { describe, expect, it } from "vitest";
import { findJson } from "./find-json.ts";
import { parseGeneratedItems } from "./parse-generated-items.ts";

describe("findJson", () => {
  it("reads a whole reply, a fenced block, or the first balanced value in prose", () => {
    expect(findJson(' {"a":1} ')).toEqual({ a: 1 });
    expect(findJson('Here:\n```json\n{"a":[1,2]}\n```\nDone.')).toEqual({ a: [1, 2] });
    expect(findJson("```\n[1]\n```")).toEqual([1]);
    expect(findJson('Result {not json} then {"a":"}{ ]["} and {"b":2}')).toEqual({ a: "}{ ][" });
  });

  it("skips reasoning blocks, and finds nothing in plain prose", () => {
    expect(findJson('<think>maybe {"draft":1}</think>{"final":2}')).toEqual({ final: 2 });
    expect(findJson("No JSON at all, only 42.")).toBeUndefined();
    expect(findJson('{"unterminated": [1, 2}')).toBeUndefined();
  });
});

describe("parseGeneratedItems", () => {
  const q = "What is the capital city of France?";

  it("accepts the items list, a bare list, another list key or a single pair", () => {
    const expected = { ok: true, items: [{ question: q, answer: "Paris" }], dropped: 0 };
    const pair = { question: q, answer: "Paris" };
    expect(parseGeneratedItems(JSON.stringify({ items: [pair] }))).toEqual(expected);
    expect(parseGeneratedItems(JSON.stringify([pair]))).toEqual(expected);
    expect(parseGeneratedItems(JSON.stringify({ questions: [pair] }))).toEqual(expected);
    expect(parseGeneratedItems(JSON.stringify(pair))).toEqual(expected);
  });

  it("trims, turns numbers and booleans into text, and counts dropped items", () => {
    const reply = JSON.stringify({
      items: [
        { question: `  ${q}  `, answer: 3 },
        { question: q, answer: false },
        { question: q },
        { question: "In the passage above, who wins?", answer: "Ann" },
      ],
    });
    expect(parseGeneratedItems(reply)).toEqual({
      ok: true,
      items: [
        { question: q, answer: "3" },
        { question: q, answer: "false" },
      ],
      dropped: 2,
    });
  });

  it("takes an empty list as usable, and describes unusable replies", () => {
    expect(parseGeneratedItems('{"items":[]}')).toEqual({ ok: true, items: [], dropped: 0 });
    expect(parseGeneratedItems("nothing")).toEqual({
      ok: false,
      problem: "the reply holds no JSON object",
    });
    expect(parseGeneratedItems('{"note":"x"}')).toEqual({
      ok: false,
      problem: 'the reply\'s JSON has no "items" list',
    });
    expect(
      parseGeneratedItems(
        JSON.stringify({
          items: [
            { q, a: 1 },
            { question: "According to the text, what is it?", answer: "x" },
            { question: q, answer: "x".repeat(501) },
            { question: q, answer: " " },
          ],
        }),
      ),
    ).toEqual({
      ok: false,
      problem:
        "no item is valid (item 1: question: missing or not a string, answer: missing or not a " +
        "string; item 2: question: refers to the document instead of standing alone; item 3: " +
        "answer: longer than 500 characters)",
    });
  });
});
