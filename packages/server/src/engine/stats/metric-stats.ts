/**
 * The mean of each named metric over the results that have a value for it, one result at a time
 * in constant memory (a run may have a million results). A result without a number for a metric
 * (its model call failed, or the metric could not be computed) is left out of that metric's mean,
 * not counted as 0; a metric no result has is null.
 */
export function createMetricTally(names: readonly string[]) {
  const totals = new Map(names.map((name) => [name, { sum: 0, count: 0 }]));
  return {
    add(values: Readonly<Record<string, unknown>>): void {
      for (const [name, total] of totals) {
        const value = values[name];
        if (typeof value === "number" && Number.isFinite(value)) {
          total.sum += value;
          total.count += 1;
        }
      }
    },
    means(): Record<string, number | null> {
      return Object.fromEntries(
        [...totals].map(([name, t]) => [name, t.count === 0 ? null : t.sum / t.count]),
      );
    },
  };
}
