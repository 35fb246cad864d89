export {
  extractWithPattern,
  MAX_SCANNED_CHARS,
  type PatternExtraction,
  truthReadings,
} from "./answer-pattern.ts";
export { contains } from "./contains.ts";
export { exactMatch } from "./exact-match.ts";
export {
  type JudgeMetricName,
  type JudgeMetricsInput,
  judgeMetrics,
} from "./judge-metrics.ts";
export {
  type CompleteFn,
  createNonce,
  dataRule,
  delimit,
  type JudgeMessage,
  shorten,
} from "./judge-prompt.ts";
export {
  askForVerdict,
  JudgeOutputError,
  readVerdict,
  type VerdictReading,
  type VerdictRequest,
} from "./judge-verdict.ts";
export { type JudgeInput, judgeScore } from "./llm-judge.ts";
export { type MetricName, measureMetrics, needsJudge } from "./metrics.ts";
export {
  type ChosenLetter,
  findChosenLetter,
  multipleChoice,
  parseOptionLetter,
  validLetters,
} from "./multiple-choice.ts";
export { normalizeAnswer } from "./normalize-answer.ts";
export { type FinalNumber, findFinalNumber, numeric } from "./numeric.ts";
export { countSyllables, readability } from "./readability.ts";
export { regexMatch } from "./regex-match.ts";
export {
  findScorer,
  getScorer,
  isJudgeScorer,
  isSandboxScorer,
  isSyncScorer,
  type JudgeScorerName,
  modelGraded,
  type SandboxScorerName,
  type ScorerEntry,
  type SyncScorerName,
  UnknownScorerError,
} from "./registry.ts";
export type {
  ScoreContext,
  ScoreExecution,
  ScoreInput,
  ScoreResult,
  Scorer,
  SyncScorer,
} from "./scorer.ts";
export { stripReasoning } from "./strip-reasoning.ts";
