import type { ScorerName } from "@assay/protocol";
import { arcGrid } from "./arc-grid.ts";
import { bbh } from "./bbh.ts";
import { contains } from "./contains.ts";
import { exactMatch } from "./exact-match.ts";
import { ifeval } from "./ifeval/ifeval.ts";
import type { CompleteFn } from "./judge-prompt.ts";
import { judgeScore } from "./llm-judge.ts";
import { mathEquiv } from "./math-equiv.ts";
import { mmluPro } from "./mmlu-pro.ts";
import { multipleChoice } from "./multiple-choice.ts";
import { numeric } from "./numeric.ts";
import { regexMatch } from "./regex-match.ts";
import type { ScoreInput, ScoreResult, Scorer, SyncScorer } from "./scorer.ts";
import { simpleqaScore } from "./simpleqa.ts";

/** A registered scorer: pure (`sync` set, no judge needed) or graded by the run's judge model. */
export type ScorerEntry =
  | { judged: false; score: Scorer; sync: SyncScorer }
  | { judged: true; score: Scorer };

export class UnknownScorerError extends Error {
  override name = "UnknownScorerError";
  readonly scorer: string;

  constructor(scorer: string, message: string) {
    super(message);
    this.scorer = scorer;
  }
}

const pure = (sync: SyncScorer): ScorerEntry => ({ judged: false, sync, score: sync });

/** A model-graded scorer: `grade` is handed the context's judge, which the run must provide. */
export const modelGraded = (
  grade: (input: ScoreInput, judge: CompleteFn) => Promise<ScoreResult>,
): ScorerEntry => ({
  judged: true,
  score: (input, context) => {
    if (context.judge === undefined)
      throw new Error("this scorer is graded by a judge model and the run has none");
    return grade(input, context.judge);
  },
});

/**
 * One entry per protocol scorer name; the type makes a new protocol name a compile error here.
 * A new model-graded scorer is one more `modelGraded(...)` line: the run resolves a judge for any
 * entry marked judged and passes it in the scorer's context.
 */
const SCORERS: Readonly<Record<ScorerName, ScorerEntry>> = {
  exact_match: pure(exactMatch),
  regex: pure(regexMatch),
  multiple_choice: pure(multipleChoice),
  numeric: pure(numeric),
  contains: pure(contains),
  llm_judge: modelGraded(judgeScore),
  math_equiv: pure(mathEquiv),
  mmlu_pro: pure(mmluPro),
  bbh: pure(bbh),
  arc_grid: pure(arcGrid),
  simpleqa: modelGraded(simpleqaScore),
  ifeval: pure(ifeval),
};

/** The scorer names graded by a judge model rather than a pure function. */
export type JudgeScorerName = Extract<ScorerName, "llm_judge" | "simpleqa">;
export type SyncScorerName = Exclude<ScorerName, JudgeScorerName>;

const isRegistered = (name: string): name is ScorerName => Object.hasOwn(SCORERS, name);

export function isJudgeScorer(name: string): name is JudgeScorerName {
  return isRegistered(name) && SCORERS[name].judged;
}

export function isSyncScorer(name: string): name is SyncScorerName {
  return isRegistered(name) && !SCORERS[name].judged;
}

/** The scorer registered under `name`, pure or model-graded. Throws UnknownScorerError. */
export function findScorer(name: string): ScorerEntry {
  if (!isRegistered(name)) throw new UnknownScorerError(name, `unknown scorer "${name}"`);
  return SCORERS[name];
}

/**
 * The pure scorer registered under `name`, for callers that have no judge. Throws
 * UnknownScorerError for an unknown name and for a model-graded one (use findScorer).
 */
export function getScorer(name: string): SyncScorer {
  const entry = findScorer(name);
  if (entry.judged)
    throw new UnknownScorerError(name, `scorer "${name}" needs a judge model: use findScorer`);
  return entry.sync;
}
