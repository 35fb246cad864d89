/** A model on the accuracy-versus-cost chart. */
export interface CostPoint {
  id: string;
  cost: number;
  accuracy: number;
}

/**
 * The Pareto frontier: the points no other point beats on both counts (as cheap or cheaper and
 * as accurate or more, better on at least one), cheapest first. Walking by cost, a point is on
 * the frontier when it is more accurate than every cheaper one; of equal costs the most accurate
 * comes first, so the others at that cost are beaten; of identical points only one is kept.
 */
export function paretoFrontier<P extends CostPoint>(points: readonly P[]): P[] {
  const byCost = [...points].sort(
    (a, b) => a.cost - b.cost || b.accuracy - a.accuracy || a.id.localeCompare(b.id),
  );
  const frontier: P[] = [];
  let best = Number.NEGATIVE_INFINITY;
  for (const point of byCost) {
    if (point.accuracy > best) {
      frontier.push(point);
      best = point.accuracy;
    }
  }
  return frontier;
}
