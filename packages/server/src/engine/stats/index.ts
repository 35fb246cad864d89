export {
  type AgreementFigures,
  agreement,
  agreementOfTable,
  type LabeledVerdict,
} from "./agreement.ts";
export {
  type OutcomeCounts,
  type OutcomeSummary,
  type SubsetSummary,
  summarizeOutcomes,
} from "./evaluation-stats.ts";
export { holmAdjust } from "./holm.ts";
export { meanInterval, tInterval, tQuantile975 } from "./mean-interval.ts";
export {
  mcnemarExactPValue,
  type PairedCounts,
  type PairedFigures,
  pairedDifferenceInterval,
  pairedFigures,
} from "./paired.ts";
export { type Interval, standardError, wilsonInterval, Z_95 } from "./proportion.ts";
export {
  createScorerTally,
  type ScorerFigures,
  type ScorerGrade,
  scorerFigures,
} from "./scorer-stats.ts";
