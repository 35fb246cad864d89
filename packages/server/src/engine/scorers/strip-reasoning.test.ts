import { describe, expect, it } from "vitest";
import { stripReasoning } from "./strip-reasoning.ts";

describe("stripReasoning", () => {
  it("removes closed reasoning blocks", () => {
    expect(stripReasoning("<think>The answer is A?</think>\nB")).toBe("\nB");
    expect(stripReasoning("<THINKING>a</THINKING>x<think>b</think>y")).toBe("xy");
  });

  it("leaves unclosed blocks and plain text alone", () => {
    expect(stripReasoning("<think>still going… A")).toBe("<think>still going… A");
    expect(stripReasoning("no tags, answer B")).toBe("no tags, answer B");
  });

  it("stays linear on many unclosed tags", () => {
    const hostile = `${"<think>".repeat(100_000)}</think>`;
    const started = performance.now();
    expect(stripReasoning(hostile)).toBe("");
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
