import { describe, expect, it } from "vitest";
import { paretoFrontier } from "./pareto-frontier.ts";

const ids = (points: { id: string }[]) => points.map((p) => p.id);

describe("paretoFrontier", () => {
  it("keeps the models no other beats on both cost and accuracy, cheapest first", () => {
    const frontier = paretoFrontier([
      { id: "pricey-best", cost: 10, accuracy: 0.9 },
      { id: "cheap-weak", cost: 1, accuracy: 0.4 },
      { id: "dominated", cost: 6, accuracy: 0.5 },
      { id: "middle", cost: 4, accuracy: 0.7 },
    ]);
    expect(ids(frontier)).toEqual(["cheap-weak", "middle", "pricey-best"]);
  });

  it("drops the less accurate of equal costs and the dearer of equal accuracies", () => {
    const frontier = paretoFrontier([
      { id: "a", cost: 2, accuracy: 0.5 },
      { id: "b", cost: 2, accuracy: 0.6 },
      { id: "c", cost: 3, accuracy: 0.6 },
    ]);
    expect(ids(frontier)).toEqual(["b"]);
  });

  it("answers nothing for no points and the point itself for one", () => {
    expect(paretoFrontier([])).toEqual([]);
    expect(ids(paretoFrontier([{ id: "x", cost: 0, accuracy: 0 }]))).toEqual(["x"]);
  });
});
