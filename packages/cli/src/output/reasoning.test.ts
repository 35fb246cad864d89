import { describe, expect, it } from "vitest";
import { REASONING_SHOWN_CHARS, REASONING_SHOWN_LINES, reasoningSection } from "./reasoning.ts";

const HEADING = "── reasoning (the model's, not scored, 1,200 tokens) ──";

describe("reasoningSection", () => {
  it("prints a short reasoning whole under a heading that says it is not scored", () => {
    expect(reasoningSection("2 + 2 = 4.", 1_200)).toBe(`${HEADING}\n2 + 2 = 4.`);
    // Tokens are named only when the provider counted some.
    expect(reasoningSection("hm", 0)).toBe("── reasoning (the model's, not scored) ──\nhm");
  });

  it("cuts many short lines after a screenful, at a line end", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const lines = reasoningSection(text, 1_200).split("\n");
    expect(lines.slice(1, -1)).toEqual(text.split("\n").slice(0, REASONING_SHOWN_LINES));
    const rest = text.length - text.split("\n").slice(0, REASONING_SHOWN_LINES).join("\n").length;
    expect(lines.at(-1)).toBe(`… ${rest} more characters (--full-reasoning prints them all)`);
  });

  it("cuts one long paragraph after its characters, and prints all of it when asked", () => {
    const text = "x".repeat(REASONING_SHOWN_CHARS * 3);
    const cut = reasoningSection(text, 1_200);
    expect(cut).toBe(
      `${HEADING}\n${"x".repeat(REASONING_SHOWN_CHARS)}\n… 4,000 more characters (--full-reasoning prints them all)`,
    );
    expect(reasoningSection(text, 1_200, { full: true })).toBe(`${HEADING}\n${text}`);
  });
});
