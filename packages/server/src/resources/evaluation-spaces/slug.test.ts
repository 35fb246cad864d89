import { describe, expect, it } from "vitest";
import { firstFreeSlug, slugOf } from "./slug.ts";

describe("evaluation space slugs", () => {
  it("lowercase ASCII runs joined by hyphens, accents dropped, at most 56 characters", () => {
    expect(slugOf("Math Board")).toBe("math-board");
    expect(slugOf("  Équipe — Mathématiques!! ")).toBe("equipe-mathematiques");
    expect(slugOf("GPT-4o vs. Llama 3.1")).toBe("gpt-4o-vs-llama-3-1");
    expect(slugOf("数学")).toBe("space");
    expect(slugOf(`${"a".repeat(55)} b`)).toBe("a".repeat(55));
    expect(slugOf("x".repeat(300))).toHaveLength(56);
  });

  it("never has the shape of an id", () => {
    expect(slugOf("0123456789abcdef01234567")).toBe("0123456789abcdef01234567-space");
    expect(slugOf("0123456789ABCDEF0123456")).toBe("0123456789abcdef0123456");
  });

  it("dedupes with -2, -3 …", () => {
    expect(firstFreeSlug("math", new Set())).toBe("math");
    expect(firstFreeSlug("math", new Set(["math", "math-2"]))).toBe("math-3");
    expect(firstFreeSlug("math", new Set(["math-2"]))).toBe("math");
  });
});
