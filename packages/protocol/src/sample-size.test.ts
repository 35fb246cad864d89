import { describe, expect, it } from "vitest";
import { promptsForHalfWidth } from "./sample-size.ts";

describe("promptsForHalfWidth", () => {
  it("inverts halfWidth = 1.96·√(d/n)", () => {
    // d = 0.1, ±2 points: 0.1 · (1.96 / 0.02)² = 960.4 → 961 prompts.
    expect(promptsForHalfWidth(0.1, 0.02)).toBe(961);
    const n = promptsForHalfWidth(0.25, 0.05) as number;
    expect(1.96 * Math.sqrt(0.25 / n)).toBeLessThanOrEqual(0.05);
    expect(1.96 * Math.sqrt(0.25 / (n - 2))).toBeGreaterThan(0.05);
  });

  it("needs more prompts the more the two disagree and the narrower the interval", () => {
    expect(promptsForHalfWidth(0.2, 0.02)!).toBeGreaterThan(promptsForHalfWidth(0.1, 0.02)!);
    // Half the width, four times the prompts: 0.1 · (1.96 / 0.01)² = 3841.5 → 3842.
    expect(promptsForHalfWidth(0.1, 0.01)).toBe(3842);
  });

  it("has nothing to go on without disagreement, and refuses a non-positive width", () => {
    expect(promptsForHalfWidth(0, 0.02)).toBeUndefined();
    expect(() => promptsForHalfWidth(0.1, 0)).toThrow(RangeError);
  });
});
