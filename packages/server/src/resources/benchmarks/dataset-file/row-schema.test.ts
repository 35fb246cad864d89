import { describe, expect, it } from "vitest";
import { type DatasetInputType, validateRow } from "./row-schema.ts";

function reasonFor(value: Record<string, unknown>, inputType?: DatasetInputType): string {
  const result = validateRow(value, inputType, 1);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.row)}`);
  return result.reason;
}

const user = (content: unknown) => ({ role: "user", content });

describe("validateRow", () => {
  it("keeps input, truth, subset and id, drops extra keys, and stringifies numeric ids", () => {
    const result = validateRow(
      { id: 7, input: "2+2?", truth: "4", subset: "easy", extra: { x: 1 } },
      undefined,
      3,
    );
    expect(result).toEqual({
      ok: true,
      row: { id: "7", input: "2+2?", truth: "4", subset: "easy", line: 3 },
    });
  });

  it("turns a number or boolean truth into its string form", () => {
    for (const [truth, expected] of [
      [18, "18"],
      [-0.5, "-0.5"],
      [true, "true"],
    ] as const) {
      expect(validateRow({ input: "q", truth }, undefined, 1)).toMatchObject({
        ok: true,
        row: { truth: expected },
      });
    }
  });

  it("treats null id and subset as absent", () => {
    const result = validateRow({ id: null, input: "q", truth: "a", subset: null }, undefined, 1);
    expect(result).toEqual({ ok: true, row: { input: "q", truth: "a", line: 1 } });
  });

  it("accepts a string or chat messages without input_type", () => {
    const messages = [
      { role: "system", content: "Be brief." },
      user([{ type: "text", text: "hi" }]),
      { role: "assistant", content: "", name: "kept" },
    ];
    expect(validateRow({ input: messages, truth: "a" }, undefined, 1)).toMatchObject({
      ok: true,
      row: { input: messages },
    });
  });

  it("accepts only messages with input_type messages and only objects with json_payload", () => {
    const messages = [user("hi")];
    expect(validateRow({ input: messages, truth: "a" }, "messages", 1).ok).toBe(true);
    // A string is one user message, as the original client's sample dataset has it.
    expect(validateRow({ input: "hi", truth: "a" }, "messages", 1)).toEqual({
      ok: true,
      row: { input: [user("hi")], truth: "a", line: 1 },
    });
    expect(reasonFor({ input: { text: "hi" }, truth: "a" }, "messages")).toBe(
      "input must be a string or a list of chat messages (input_type messages)",
    );
    expect(reasonFor({ input: "", truth: "a" }, "messages")).toBe("input is empty");
    const payload = { prompt: "hi", options: { temperature: 0 } };
    expect(validateRow({ input: payload, truth: "a" }, "json_payload", 1)).toMatchObject({
      ok: true,
      row: { input: payload },
    });
    expect(reasonFor({ input: messages, truth: "a" }, "json_payload")).toBe(
      "input must be a JSON object (input_type json_payload)",
    );
    expect(reasonFor({ input: { a: 1 }, truth: "a" })).toBe(
      "input must be a string or a list of chat messages",
    );
  });

  it("names the first problem precisely", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ truth: "a" }, "input is missing"],
      [{ input: "  ", truth: "a" }, "input is empty"],
      [{ input: 3, truth: "a" }, "input must be a string or a list of chat messages"],
      [{ input: [], truth: "a" }, "input has no messages"],
      [{ input: ["hi"], truth: "a" }, "input[0] must be a chat message object"],
      [
        { input: [user("hi"), { role: "bot", content: "x" }], truth: "a" },
        "input[1].role must be one of system, user, assistant, tool, developer",
      ],
      [{ input: [{ content: "x" }], truth: "a" }, "input[0].role is missing"],
      [{ input: [{ role: "user" }], truth: "a" }, "input[0].content is missing"],
      [
        { input: [user(5)], truth: "a" },
        "input[0].content must be a string or a list of content parts",
      ],
      [{ input: [user([{ text: "x" }])], truth: "a" }, "input[0].content[0].type is missing"],
      [{ input: "q" }, "truth is missing"],
      [{ input: "q", truth: null }, "truth must be a string"],
      [{ input: "q", truth: ["4"] }, "truth must be a string"],
      [{ input: "q", truth: " \n" }, "truth is empty"],
      [{ input: "q", truth: "a", subset: 1 }, "subset must be a string"],
      [{ input: "q", truth: "a", subset: "" }, "subset is empty"],
      [{ input: "q", truth: "a", subset: "s".repeat(201) }, "subset is longer than 200 characters"],
      [{ input: "q", truth: "a", id: true }, "id must be a string or a number"],
      [{ input: "q", truth: "a", id: "" }, "id is empty"],
    ];
    for (const [value, reason] of cases)
      expect(reasonFor(value), JSON.stringify(value)).toBe(reason);
  });

  it("accepts a subset of exactly 200 characters", () => {
    expect(validateRow({ input: "q", truth: "a", subset: "s".repeat(200) }, undefined, 1).ok).toBe(
      true,
    );
  });

  it("limits input to 256 KiB serialized, for every input type", () => {
    const limit = 256 * 1024;
    // A string serializes with its two quotes.
    expect(validateRow({ input: "x".repeat(limit - 2), truth: "a" }, undefined, 1).ok).toBe(true);
    expect(reasonFor({ input: "x".repeat(limit - 1), truth: "a" })).toBe(
      "input is larger than 256 KiB",
    );
    expect(reasonFor({ input: [user("x".repeat(limit))], truth: "a" }, "messages")).toBe(
      "input is larger than 256 KiB",
    );
    expect(reasonFor({ input: { p: "x".repeat(limit) }, truth: "a" }, "json_payload")).toBe(
      "input is larger than 256 KiB",
    );
  });
});
