import type { AgreementFigures, Interval } from "../stats/index.ts";

const number = (value: number) => value.toFixed(2);
const interval = (range: Interval | null) =>
  range ? ` [${number(range.low)}–${number(range.high)}]` : "";

/**
 * Agreement figures for a log line: `accuracy 0.82 [0.66–0.91], κ 0.61 [0.35–0.87] (28 labels)`,
 * with 95% intervals (Wilson for accuracy; for κ, see engine/stats/agreement.ts), or why κ is
 * undefined.
 */
export function describeAgreement(figures: AgreementFigures): string {
  const accuracy =
    figures.accuracy === null
      ? "accuracy n/a"
      : `accuracy ${number(figures.accuracy)}${interval(figures.accuracyInterval)}`;
  const kappa =
    figures.kappa === null
      ? `κ undefined (${figures.kappaUndefined})`
      : `κ ${number(figures.kappa)}${interval(figures.kappaInterval)}`;
  return `${accuracy}, ${kappa} (${figures.n} labels)`;
}
