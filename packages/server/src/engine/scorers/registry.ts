import type { ScorerName } from "@assay/protocol";
import { contains } from "./contains.ts";
import { exactMatch } from "./exact-match.ts";
import { multipleChoice } from "./multiple-choice.ts";
import { numeric } from "./numeric.ts";
import { regexMatch } from "./regex-match.ts";
import type { SyncScorer } from "./scorer.ts";

/** The scorer names graded by a judge model (llm-judge.ts) rather than a pure function. */
export type JudgeScorerName = Extract<ScorerName, "llm_judge">;
export type SyncScorerName = Exclude<ScorerName, JudgeScorerName>;

/** One entry per protocol scorer name; the type makes a new protocol name a compile error here. */
const SYNC_SCORERS: Readonly<Record<SyncScorerName, SyncScorer>> = {
  exact_match: exactMatch,
  regex: regexMatch,
  multiple_choice: multipleChoice,
  numeric,
  contains,
};

export function isJudgeScorer(name: string): name is JudgeScorerName {
  return name === "llm_judge";
}

export function isSyncScorer(name: string): name is SyncScorerName {
  return Object.hasOwn(SYNC_SCORERS, name);
}

export class UnknownScorerError extends Error {
  override name = "UnknownScorerError";
  readonly scorer: string;

  constructor(scorer: string, message: string) {
    super(message);
    this.scorer = scorer;
  }
}

/**
 * The pure scorer registered under `name`. Throws UnknownScorerError for an unknown name and for
 * `llm_judge`, which needs a judge model and is called as judgeScore instead (check isJudgeScorer).
 */
export function getScorer(name: string): SyncScorer {
  if (isSyncScorer(name)) return SYNC_SCORERS[name];
  if (isJudgeScorer(name)) {
    throw new UnknownScorerError(name, `scorer "${name}" needs a judge model: use judgeScore`);
  }
  throw new UnknownScorerError(name, `unknown scorer "${name}"`);
}
