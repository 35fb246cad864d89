export {
  type OutcomeCounts,
  type OutcomeSummary,
  type SubsetSummary,
  summarizeOutcomes,
} from "./evaluation-stats.ts";
export { type Interval, standardError, wilsonInterval, Z_95 } from "./proportion.ts";
