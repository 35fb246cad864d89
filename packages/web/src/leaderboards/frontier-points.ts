import type { Leaderboard } from "./build-leaderboard.ts";
import { type CostPoint, paretoFrontier } from "./pareto-frontier.ts";

export interface FrontierPoint extends CostPoint {
  name: string;
  low: number;
  high: number;
  onFrontier: boolean;
}

/** What the chart shows for one benchmark (or overall), and which models it leaves off and why. */
export interface FrontierData {
  points: FrontierPoint[];
  frontier: FrontierPoint[];
  /** Models with no known cost (a custom model without prices, or runs made before it had them). */
  costUnknown: string[];
  /** Overall only: models missing a benchmark, whose totals are not comparable. */
  incomplete: string[];
}

/**
 * One point per model: on a benchmark, its cell's cost and accuracy; overall, its summed cost and
 * mean accuracy, for the models that have every benchmark (the others' sums and means cover
 * less). `benchmarkId` undefined means overall.
 */
export function frontierData(board: Leaderboard, benchmarkId: string | undefined): FrontierData {
  const points: FrontierPoint[] = [];
  const costUnknown: string[] = [];
  const incomplete: string[] = [];
  for (const model of board.models) {
    let figures: { cost: number | null; accuracy: number; low: number; high: number } | undefined;
    if (benchmarkId === undefined) {
      const o = board.overall.get(model.id);
      if (!o) continue;
      if (o.covered < board.benchmarks.length) {
        incomplete.push(model.name);
        continue;
      }
      figures = { cost: o.cost, accuracy: o.mean, low: o.low, high: o.high };
    } else {
      const e = board.cells.get(benchmarkId)?.get(model.id)?.evaluation;
      if (!e) continue;
      figures = { cost: e.assay.cost_usd, accuracy: e.accuracy, ...e.assay.accuracy_ci95 };
    }
    if (figures.cost === null) {
      costUnknown.push(model.name);
      continue;
    }
    points.push({
      ...figures,
      cost: figures.cost,
      id: model.id,
      name: model.name,
      onFrontier: false,
    });
  }
  const frontier = paretoFrontier(points);
  for (const point of frontier) point.onFrontier = true;
  return { points, frontier, costUnknown, incomplete };
}
