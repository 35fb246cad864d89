import { describe, expect, it } from "vitest";
import { findExcerpt } from "./find-excerpt.ts";

describe("findExcerpt", () => {
  const text =
    "Port Lumen was founded in 1848. Its harbour opens at 6 am,\nand closes at 10 pm. " +
    "Pilotage is compulsory for ships over 80 metres!";

  it("returns the sentence or line holding the answer, case and spacing aside", () => {
    expect(findExcerpt(text, "1848")).toBe("Port Lumen was founded in 1848.");
    expect(findExcerpt(text, "6  AM")).toBe("Its harbour opens at 6 am,");
    expect(findExcerpt(text, "80 metres")).toBe("Pilotage is compulsory for ships over 80 metres!");
  });

  it("matches whole words only, and gives nothing when the answer is not there", () => {
    expect(findExcerpt(text, "84")).toBeUndefined();
    expect(findExcerpt(text, "Lume")).toBeUndefined();
    expect(findExcerpt(text, "(a+)+$")).toBeUndefined();
  });

  it("keeps a long sentence to about 300 characters around the answer", () => {
    const long = `${"word ".repeat(200)}answer ${"word ".repeat(200)}`;
    const excerpt = findExcerpt(long, "answer") as string;
    expect(excerpt).toContain("answer");
    expect(excerpt.length).toBeLessThanOrEqual(300);
  });
});
