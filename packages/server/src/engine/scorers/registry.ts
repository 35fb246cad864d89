import type { ScorerName } from "@assay/protocol";
import type { Sandbox } from "../sandbox/sandbox.ts";
import { arcGrid } from "./arc-grid.ts";
import { bbh } from "./bbh.ts";
import { pythonTests } from "./code/python-tests.ts";
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

/**
 * A registered scorer: pure (`sync` set, nothing needed), graded by the run's judge model, or
 * run in the code sandbox (the program the answer's code makes with the prompt's tests).
 */
export type ScorerEntry =
  | { judged: false; sandboxed: false; score: Scorer; sync: SyncScorer }
  | { judged: true; sandboxed: false; score: Scorer }
  | { judged: false; sandboxed: true; score: Scorer };

export class UnknownScorerError extends Error {
  override name = "UnknownScorerError";
  readonly scorer: string;

  constructor(scorer: string, message: string) {
    super(message);
    this.scorer = scorer;
  }
}

const pure = (sync: SyncScorer): ScorerEntry => ({
  judged: false,
  sandboxed: false,
  sync,
  score: sync,
});

/** A model-graded scorer: `grade` is handed the context's judge, which the run must provide. */
export const modelGraded = (
  grade: (input: ScoreInput, judge: CompleteFn) => Promise<ScoreResult>,
): ScorerEntry => ({
  judged: true,
  sandboxed: false,
  score: (input, context) => {
    if (context.judge === undefined)
      throw new Error("this scorer is graded by a judge model and the run has none");
    return grade(input, context.judge);
  },
});

/** A scorer that runs code: `run` is handed the context's sandbox, which the run must provide. */
const sandboxed = (
  run: (input: ScoreInput, sandbox: Sandbox) => Promise<ScoreResult>,
): ScorerEntry => ({
  judged: false,
  sandboxed: true,
  score: (input, context) => {
    if (context.sandbox === undefined)
      throw new Error("this scorer runs code in the sandbox and the run has none");
    return run(input, context.sandbox);
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
  python_tests: sandboxed(pythonTests),
};

/** The scorer names graded by a judge model rather than a pure function. */
export type JudgeScorerName = Extract<ScorerName, "llm_judge" | "simpleqa">;
/** The scorer names that run the answer's code in the sandbox. */
export type SandboxScorerName = Extract<ScorerName, "python_tests">;
export type SyncScorerName = Exclude<ScorerName, JudgeScorerName | SandboxScorerName>;

const isRegistered = (name: string): name is ScorerName => Object.hasOwn(SCORERS, name);

export function isJudgeScorer(name: string): name is JudgeScorerName {
  return isRegistered(name) && SCORERS[name].judged;
}

export function isSandboxScorer(name: string): name is SandboxScorerName {
  return isRegistered(name) && SCORERS[name].sandboxed;
}

export function isSyncScorer(name: string): name is SyncScorerName {
  return isRegistered(name) && !SCORERS[name].judged && !SCORERS[name].sandboxed;
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
  if (entry.sandboxed)
    throw new UnknownScorerError(name, `scorer "${name}" runs code in the sandbox: use findScorer`);
  return entry.sync;
}
