export {
  type AgreementFigures,
  agreement,
  agreementOfTable,
  type LabeledVerdict,
} from "./agreement.ts";
export {
  accuracyFigures,
  type ErrorCount,
  type OutcomeCounts,
  type OutcomeSummary,
  type ScorerSummary,
  type SubsetSummary,
  summarizeOutcomes,
} from "./evaluation-stats.ts";
export { holmAdjust } from "./holm.ts";
export { tInterval, tQuantile975 } from "./mean-interval.ts";
export { createMetricTally } from "./metric-stats.ts";
export {
  mcnemarExactPValue,
  type PairedCounts,
  type PairedFigures,
  pairedDifferenceInterval,
  pairedFigures,
} from "./paired.ts";
export {
  type EarlierOutcome,
  type PlannedInterval,
  plannedInterval,
  wilsonHalfWidth,
} from "./planned-interval.ts";
export { type Interval, standardError, wilsonInterval, Z_95 } from "./proportion.ts";
export {
  createScorerTally,
  type ScorerFigures,
  type ScorerGrade,
} from "./scorer-stats.ts";
