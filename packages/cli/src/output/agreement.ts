import type { Agreement } from "@assay/client";
import { percent } from "./format.ts";

type Range = { low: number; high: number } | null;

/**
 * A judge's agreement with people's labels as one line, e.g.
 * `accuracy 81.8% (95% CI 52.3%–94.9%), κ 0.62 (95% CI 0.17–1.00), over 11 of 12 labels`.
 */
export function agreementText(agreement: Agreement): string {
  const { annotation_count: labels, compared, accuracy, kappa } = agreement;
  if (labels === 0) return "no labels yet";
  if (accuracy === null) return `${labelCount(labels)}, none with a verdict of the judge yet`;
  const accuracyText = `accuracy ${percent(accuracy)}${ci(agreement.accuracy_interval, percent)}`;
  // κ is undefined when one side gave the same answer to everything compared; the server says which.
  const kappaText =
    kappa === null
      ? `κ undefined${agreement.kappa_undefined_reason ? ` (${agreement.kappa_undefined_reason})` : ""}`
      : `κ ${fixed(kappa)}${ci(agreement.kappa_interval, fixed)}`;
  return `${accuracyText}, ${kappaText}, over ${compared} of ${labelCount(labels)}`;
}

function labelCount(n: number): string {
  return `${n} label${n === 1 ? "" : "s"}`;
}

function fixed(n: number): string {
  return n.toFixed(2);
}

function ci(range: Range, format: (n: number) => string): string {
  return range === null ? "" : ` (95% CI ${format(range.low)}–${format(range.high)})`;
}
