import { describe, expect, it } from "vitest";
import { chunkText } from "./chunk-text.ts";

/** `count` sentences of about 60 characters, numbered so each is distinct. */
const sentences = (count: number, from = 1) =>
  Array.from({ length: count }, (_, i) => `Sentence number ${from + i} says something about it.`);

describe("chunkText", () => {
  it("returns a short text whole, and nothing for blank text", () => {
    expect(chunkText("  Hello there.\r\n")).toEqual(["Hello there."]);
    expect(chunkText(" \n\n ")).toEqual([]);
  });

  it("fills every chunk but the last to between half the size and the size, losing no text", () => {
    const text = Array.from({ length: 40 }, (_, i) => sentences(5, i * 5).join(" ")).join("\n\n");
    const chunks = chunkText(text, { size: 1000, overlap: 100 });
    expect(chunks.length).toBeGreaterThanOrEqual(10);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(1000);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(500);
    for (const sentence of text.split(/(?<=\.)\s+/))
      expect(chunks.some((chunk) => chunk.includes(sentence))).toBe(true);
  });

  it("cuts between paragraphs when one ends in the second half of the window", () => {
    const first = sentences(10).join(" "); // ≈ 520 characters
    const second = sentences(10, 11).join(" ");
    const chunks = chunkText(`${first}\n\n${second}`, { size: 800, overlap: 0 });
    expect(chunks).toEqual([first, second]);
  });

  it("cuts a long paragraph between sentences, and repeats the last sentence as overlap", () => {
    const paragraph = sentences(30).join(" ");
    const chunks = chunkText(paragraph, { size: 500, overlap: 80 });
    for (const chunk of chunks) {
      expect(chunk).toMatch(/^Sentence number \d+/);
      expect(chunk).toMatch(/about it\.$/);
    }
    for (let i = 1; i < chunks.length; i++) {
      const lastOfPrevious = (chunks[i - 1] as string).split(/(?<=\.) /).at(-1) as string;
      expect((chunks[i] as string).startsWith(lastOfPrevious)).toBe(true);
    }
  });

  it("cuts between words when there is no sentence end, and hard-cuts a giant word", () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    for (const chunk of chunkText(words, { size: 100, overlap: 0 }))
      expect(chunk).toMatch(/^word\d+( word\d+)*$/);
    const giant = "x".repeat(250);
    expect(chunkText(giant, { size: 100, overlap: 10 })).toEqual([
      "x".repeat(100),
      "x".repeat(100),
      "x".repeat(50),
    ]);
  });

  it("does not split a surrogate pair in a hard cut", () => {
    const chunks = chunkText("🧮".repeat(30), { size: 11, overlap: 0 });
    for (const chunk of chunks) expect(chunk).toMatch(/^(🧮)+$/u);
    expect(chunks.join("")).toBe("🧮".repeat(30));
  });

  it("is deterministic", () => {
    const text = Array.from(
      { length: 50 },
      (_, i) => `${sentences(3 + (i % 7), i * 10).join(" ")}${i % 2 ? "\n" : "\n\n"}`,
    ).join("");
    expect(chunkText(text, { size: 700 })).toEqual(chunkText(text, { size: 700 }));
  });

  it("refuses an overlap of half the size or more", () => {
    expect(() => chunkText("text", { size: 100, overlap: 50 })).toThrow(RangeError);
  });
});
