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
export { normalTwoSidedP } from "./normal-tail.ts";
export {
  mcnemarExactPValue,
  mcnemarScorePValue,
  type PairedCounts,
  type PairedFigures,
  type PairedMethod,
  pairedDifferenceInterval,
  pairedFigures,
} from "./paired.ts";
export { pairedCountsOf, sumPairedCounts } from "./paired-counts.ts";
export { type PairedMeansFigures, type PromptMeans, pairedMeansFigures } from "./paired-means.ts";
export {
  type EarlierOutcome,
  type PlannedInterval,
  plannedInterval,
  wilsonHalfWidth,
} from "./planned-interval.ts";
export { type Interval, standardError, wilsonInterval } from "./proportion.ts";
export {
  clusteredAccuracy,
  type PromptTally,
  passAtK,
  passHatK,
  type RepeatFigures,
  repeatFigures,
} from "./repeat-stats.ts";
export { type RepeatSummary, type SubsetPromptTally, summarizeRepeats } from "./repeat-summary.ts";
export {
  createScorerTally,
  type ScorerFigures,
  type ScorerGrade,
} from "./scorer-stats.ts";
export { tTwoSidedPValue } from "./student-t.ts";
