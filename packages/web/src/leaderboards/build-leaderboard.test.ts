import type { Evaluation } from "@assay/protocol";
import { describe, expect, it } from "vitest";
import { buildLeaderboard } from "./build-leaderboard.ts";

let next = 0;
/** The fields a leaderboard reads; the rest of an Evaluation does not matter here. */
function run(
  model: string,
  benchmark: string,
  accuracy: number,
  ci: [number, number],
  more: { finished?: number; cost?: number | null } = {},
): Evaluation {
  next += 1;
  return {
    id: `e${next}`,
    model_id: model,
    model_name: model.toUpperCase(),
    model_key: `fake/${model}`,
    dataset_id: benchmark,
    dataset_name: benchmark,
    submitted_at: more.finished ?? next,
    finished_at: more.finished ?? next,
    accuracy,
    assay: {
      accuracy_ci95: { low: ci[0], high: ci[1] },
      cost_usd: more.cost === undefined ? 0.01 : more.cost,
    },
  } as unknown as Evaluation;
}

describe("buildLeaderboard", () => {
  it("lays out models × benchmarks with per-benchmark tied ranks", () => {
    const board = buildLeaderboard([
      run("a", "math", 0.9, [0.8, 0.95]),
      run("b", "math", 0.8, [0.7, 0.88]),
      run("c", "math", 0.3, [0.2, 0.4]),
      run("a", "code", 0.5, [0.4, 0.6]),
      run("c", "code", 0.6, [0.5, 0.7]),
    ]);
    expect(board.benchmarks.map((b) => b.id)).toEqual(["code", "math"]);
    expect(board.ranks.get("math")?.get("a")).toEqual({ rank: 1, tied: true });
    expect(board.ranks.get("math")?.get("c")).toEqual({ rank: 3, tied: false });
    expect(board.cells.get("code")?.has("b")).toBe(false);
    expect(board.cells.get("math")?.get("b")?.runs).toBe(1);
  });

  it("keeps the newest finished run of a pair and counts the others", () => {
    const old = run("a", "math", 0.2, [0.1, 0.3], { finished: 100 });
    const newest = run("a", "math", 0.7, [0.6, 0.8], { finished: 300 });
    const middle = run("a", "math", 0.5, [0.4, 0.6], { finished: 200 });
    const board = buildLeaderboard([old, newest, middle]);
    const cell = board.cells.get("math")?.get("a");
    expect(cell?.evaluation.id).toBe(newest.id);
    expect(cell?.runs).toBe(3);
  });

  it("takes the server's count of runs for a pair it sent once", () => {
    const only = run("a", "math", 0.7, [0.6, 0.8]);
    expect(
      buildLeaderboard([only], { [only.id]: 4 })
        .cells.get("math")
        ?.get("a")?.runs,
    ).toBe(4);
  });

  it("ranks overall only models that have every benchmark, with a combined interval", () => {
    const board = buildLeaderboard([
      run("a", "math", 0.8, [0.7, 0.9], { cost: 1 }),
      run("a", "code", 0.6, [0.5, 0.7], { cost: 2 }),
      run("b", "math", 0.2, [0.1, 0.3], { cost: null }),
      run("b", "code", 0.4, [0.3, 0.5]),
      run("c", "math", 0.95, [0.9, 0.99]),
    ]);
    const a = board.overall.get("a");
    expect(a?.mean).toBeCloseTo(0.7);
    // Half-widths of 0.1 on each side, in quadrature over 2: 0.1·√2/2.
    expect(a?.low).toBeCloseTo(0.7 - Math.SQRT2 * 0.05);
    expect(a?.high).toBeCloseTo(0.7 + Math.SQRT2 * 0.05);
    expect(a?.cost).toBe(3);
    expect(a?.rank).toEqual({ rank: 1, tied: false });
    expect(board.overall.get("b")?.cost).toBeNull();
    expect(board.overall.get("b")?.rank).toEqual({ rank: 2, tied: false });
    // c has one benchmark of two: its mean is not comparable and it has no overall rank.
    expect(board.overall.get("c")?.covered).toBe(1);
    expect(board.overall.get("c")?.rank).toBeUndefined();
    // Complete models first, by mean; then the partial ones.
    expect(board.models.map((m) => m.id)).toEqual(["a", "b", "c"]);
  });
});
