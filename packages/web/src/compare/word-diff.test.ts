import { describe, expect, it } from "vitest";
import { type DiffPart, wordDiff } from "./word-diff.ts";

const side = (parts: DiffPart[], drop: DiffPart["kind"]) =>
  parts
    .filter((p) => p.kind !== drop)
    .map((p) => p.text)
    .join("");

describe("wordDiff", () => {
  it("marks the words only one answer has, keeping the shared ones", () => {
    const parts = wordDiff("The answer is 42.", "The answer is 41.");
    expect(parts).toEqual([
      { kind: "same", text: "The answer is " },
      { kind: "removed", text: "42." },
      { kind: "added", text: "41." },
    ]);
  });

  it("re-joins to the second text exactly, and to the first up to spacing", () => {
    const before = "so 3 apples  plus 4 apples\nmakes 7";
    const after = "3 apples plus 5 pears makes 8 in all";
    const parts = wordDiff(before, after);
    expect(side(parts, "added").replace(/\s+/g, " ")).toBe(before.replace(/\s+/g, " "));
    expect(side(parts, "removed")).toBe(after);
    expect(parts.filter((p) => p.kind === "same").map((p) => p.text.trim())).toContain("makes");
  });

  it("handles empty and identical answers", () => {
    expect(wordDiff("", "")).toEqual([]);
    expect(wordDiff("", "new")).toEqual([{ kind: "added", text: "new" }]);
    expect(wordDiff("same words", "same words")).toEqual([{ kind: "same", text: "same words" }]);
  });
});
