import { describe, expect, it } from "vitest";
import { rankLabel, rankWithTies } from "./rank-with-ties.ts";

describe("rankWithTies", () => {
  it("ties entries whose intervals overlap and ranks below the clearly better", () => {
    const ranks = rankWithTies([
      { id: "a", low: 0.8, high: 0.95 },
      { id: "b", low: 0.7, high: 0.85 },
      { id: "c", low: 0.2, high: 0.4 },
    ]);
    expect(ranks.get("a")).toEqual({ rank: 1, tied: true });
    expect(ranks.get("b")).toEqual({ rank: 1, tied: true });
    // Both a and b lie entirely above c.
    expect(ranks.get("c")).toEqual({ rank: 3, tied: false });
  });

  it("gives distinct ranks when no intervals overlap", () => {
    const ranks = rankWithTies([
      { id: "low", low: 0.1, high: 0.2 },
      { id: "high", low: 0.7, high: 0.8 },
      { id: "mid", low: 0.4, high: 0.5 },
    ]);
    expect([...ranks].map(([id, r]) => `${id}:${rankLabel(r)}`).sort()).toEqual([
      "high:1",
      "low:3",
      "mid:2",
    ]);
  });

  it("does not chain overlaps: a tie with b and b with c does not tie a with c", () => {
    const ranks = rankWithTies([
      { id: "a", low: 0.6, high: 0.8 },
      { id: "b", low: 0.45, high: 0.65 },
      { id: "c", low: 0.3, high: 0.5 },
    ]);
    expect(ranks.get("a")).toEqual({ rank: 1, tied: true });
    expect(ranks.get("b")).toEqual({ rank: 1, tied: true });
    // a lies entirely above c, b does not: c is second, alone.
    expect(ranks.get("c")).toEqual({ rank: 2, tied: false });
  });

  it("counts touching ends as overlapping, and ranks a single entry first", () => {
    const ranks = rankWithTies([
      { id: "a", low: 0.5, high: 0.7 },
      { id: "b", low: 0.3, high: 0.5 },
    ]);
    expect(rankLabel(ranks.get("b")!)).toBe("=1");
    expect(rankWithTies([{ id: "x", low: 0, high: 1 }]).get("x")).toEqual({
      rank: 1,
      tied: false,
    });
  });
});
