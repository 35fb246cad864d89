import { MAX_EVALUATION_GOAL_CHARS } from "@assay/protocol";
import { TraceJudgingError } from "../runners/trace-judging/index.ts";
import { type CompleteFn, createNonce, JudgeOutputError, shorten } from "../scorers/index.ts";
import type { AgreementFigures } from "../stats/index.ts";
import {
  buildCandidateMessages,
  DISAGREEMENTS_PER_PROMPT,
  type Disagreement,
  REWRITE_DIRECTIONS,
} from "./candidate-messages.ts";
import { askForCandidate, candidateProblem } from "./candidate-reply.ts";
import { describeAgreement } from "./describe-agreement.ts";
import { pickExamples, stripExamples, withExamples } from "./few-shot.ts";
import {
  type JudgeContext,
  type JudgeVerdict,
  type LabeledTrace,
  measureGoal,
  wrongIds,
} from "./measure-goal.ts";
import { OptimizationError } from "./optimization-error.ts";
import { isFewShotSlot, type OptimizationPlan } from "./plan.ts";
import { seededOrder } from "./seeded-order.ts";
import { type HeldOutTest, heldOutVerdictLine, pickBest, testHeldOut } from "./selection.ts";
import { splitAnnotations } from "./split.ts";

export interface OptimizeGoalInput {
  /** Seeds the split and every sample (the run id): a retried run repeats its choices. */
  seed: string;
  /** The judge's goal as the run started. */
  goal: string;
  /** People's labels with their traces. */
  items: readonly LabeledTrace[];
  plan: OptimizationPlan;
}

export interface OptimizeGoalDeps {
  judge: JudgeContext;
  /** The optimizer model (critique → rewrite). */
  optimizer: CompleteFn;
  /** Called with each step's line as it happens. */
  log: (line: string) => Promise<void>;
}

/** A measured candidate goal, or the original goal (the first parent). */
interface Measured {
  name: string;
  goal: string;
  fewShot: boolean;
  training: AgreementFigures;
  verdicts: ReadonlyMap<string, JudgeVerdict>;
}

export interface OptimizationOutcome {
  trainingCount: number;
  heldOutCount: number;
  baseline: { training: AgreementFigures; heldOut: AgreementFigures };
  /** The best candidate on training; absent when none was measured (nothing to correct). */
  best?: {
    name: string;
    goal: string;
    fewShot: boolean;
    training: AgreementFigures;
    heldOut: AgreementFigures;
  };
  /** The best candidate against the original goal, label by label on the held-out set. */
  heldOutTest?: HeldOutTest;
  /** The best candidate agrees with more held-out labels than the original, beyond noise. */
  improved: boolean;
  /** The best candidate's goal when it improved, else the original goal. */
  optimizedGoal: string;
  judgeCalls: number;
  optimizerCalls: number;
}

/**
 * Optimizes a judge's goal against people's labels:
 *
 * 1. Split the labels, stratified by label, into training (~70%) and held-out (~30%) sets.
 * 2. Measure the original goal on both.
 * 3. Each round, from the best goal so far (the parent) and the training traces it gets wrong:
 *    ask the optimizer model for a critique and a rewritten goal, once per candidate, each shown
 *    a different sample of the disagreements and given a different direction; the last candidate
 *    of a round of three or more is a few-shot variant (the round's best rewrite with labeled
 *    training examples appended). Measure each candidate on the training set; the best of the
 *    parent and the round's candidates is the next round's parent.
 * 4. Pick the best candidate on training (accuracy, then κ, then the shorter goal) and measure it
 *    on the held-out set, on which no choice above depended. It improved when it agrees with more
 *    held-out labels than the original goal beyond noise (McNemar's exact test on the labels where
 *    the two differ, p < 0.05: selection.ts testHeldOut); only then is it the optimized goal. A
 *    gain within noise is reported as not measurably better. (A few-shot
 *    variant's training score includes the few traces it shows as examples, a slight optimistic
 *    bias; the held-out comparison is what decides.)
 *
 * Rounds stop early once the parent agrees with every training label. Unreadable optimizer
 * replies (after a repair turn) and unusable goals are discarded and logged. Throws
 * OptimizationError when candidates were asked for and none could be measured; model call
 * errors propagate, as does TraceJudgingError when the original goal leaves no room for a trace.
 */
export async function optimizeGoal(
  input: OptimizeGoalInput,
  deps: OptimizeGoalDeps,
): Promise<OptimizationOutcome> {
  const { training, heldOut } = splitAnnotations(input.items, input.seed);
  const search: Search = {
    input,
    deps,
    training,
    candidates: [],
    measured: new Set([input.goal]),
    attempted: 0,
    judgeCalls: 0,
    optimizerCalls: 0,
  };
  await deps.log(
    `split: ${describeSplit(training)} for training, ${describeSplit(heldOut)} held out`,
  );
  const baselineTraining = await measure(search, input.goal, training);
  const baselineHeldOut = await measure(search, input.goal, heldOut);
  await deps.log(
    `baseline: training ${describeAgreement(baselineTraining.figures)}; held-out ${describeAgreement(baselineHeldOut.figures)}`,
  );

  let parent: Measured | undefined = {
    name: "the original goal",
    goal: input.goal,
    fewShot: false,
    training: baselineTraining.figures,
    verdicts: baselineTraining.verdicts,
  };
  for (let round = 1; round <= input.plan.rounds && parent; round++)
    parent = await runRound(search, parent, round);

  return conclude(
    search,
    { training: baselineTraining.figures, heldOut: baselineHeldOut.figures },
    { items: heldOut, baselineVerdicts: baselineHeldOut.verdicts },
  );
}

/** What the rounds share: the candidates measured, the goals seen, the calls made. */
interface Search {
  input: OptimizeGoalInput;
  deps: OptimizeGoalDeps;
  training: readonly LabeledTrace[];
  candidates: Measured[];
  /** Goals measured already (a candidate repeating one is discarded). */
  measured: Set<string>;
  /** Candidates asked for, usable or not. */
  attempted: number;
  judgeCalls: number;
  optimizerCalls: number;
}

function measure(search: Search, goal: string, items: readonly LabeledTrace[]) {
  search.judgeCalls += items.length;
  return measureGoal(goal, items, search.deps.judge);
}

/**
 * One round from `parent`: its candidates, each measured on the training set. Answers the next
 * round's parent (the best of the parent and this round's candidates), or undefined when the
 * parent agrees with every training label and there is nothing left to correct.
 */
async function runRound(
  search: Search,
  parent: Measured,
  round: number,
): Promise<Measured | undefined> {
  const { plan, seed } = search.input;
  const { deps, training } = search;
  const at = `round ${round}/${plan.rounds}`;
  const wrong = wrongIds(training, parent.verdicts);
  if (wrong.size === 0) {
    await deps.log(`${at}: ${parent.name} agrees with every training label; stopping here`);
    return undefined;
  }
  const disagreements = seededOrder(
    training.filter((item) => wrong.has(item.id)),
    `disagreements:${seed}:${round}`,
    (item) => item.id,
  );
  const rewritten: Measured[] = [];
  const thisRound: Measured[] = [];
  let rewrites = 0;
  for (let index = 1; index <= plan.candidates; index++) {
    deps.judge.signal?.throwIfAborted();
    search.attempted += 1;
    const step = `${at}: candidate ${index}/${plan.candidates}`;
    const fewShot = isFewShotSlot(plan, index);
    let proposal: Proposal;
    if (fewShot) {
      const base = pickBest(rewritten) ?? parent;
      const examples = pickExamples(
        training,
        wrongIds(training, base.verdicts),
        `${seed}:${round}`,
      );
      proposal = {
        goal: withExamples(base.goal, examples),
        note: `few-shot: ${examples.length} labeled training examples added to ${base.name}`,
      };
    } else {
      const k = rewrites++;
      search.optimizerCalls += 1;
      proposal = await proposeRewrite(
        parent,
        sampleOf(disagreements, k, DISAGREEMENTS_PER_PROMPT),
        REWRITE_DIRECTIONS[((round - 1) * plan.candidates + k) % REWRITE_DIRECTIONS.length]!,
        deps.optimizer,
      );
    }
    const candidate = await measureProposal(search, proposal, {
      step,
      name: `round ${round} candidate ${index}`,
      fewShot,
    });
    if (!candidate) continue;
    if (!fewShot) rewritten.push(candidate);
    thisRound.push(candidate);
  }
  const next = pickBest([parent, ...thisRound]) ?? parent;
  await deps.log(
    `${at}: best so far is ${next.name}, training ${describeAgreement(next.training)}`,
  );
  return next;
}

/** Measures a proposed goal on the training set; undefined (and a log line) when it is unusable. */
async function measureProposal(
  search: Search,
  proposal: Proposal,
  as: { step: string; name: string; fewShot: boolean },
): Promise<Measured | undefined> {
  const { deps } = search;
  const problem =
    proposal.problem ??
    candidateProblem(
      proposal.goal,
      search.measured,
      as.fewShot ? MAX_EVALUATION_GOAL_CHARS : undefined,
    );
  if (problem !== undefined) {
    await deps.log(`${as.step} discarded: ${problem}`);
    return undefined;
  }
  search.measured.add(proposal.goal);
  let result: Awaited<ReturnType<typeof measure>>;
  try {
    result = await measure(search, proposal.goal, search.training);
  } catch (error) {
    if (!(error instanceof TraceJudgingError)) throw error;
    await deps.log(`${as.step} discarded: ${error.message}`);
    return undefined;
  }
  const candidate: Measured = {
    name: as.name,
    goal: proposal.goal,
    fewShot: as.fewShot,
    training: result.figures,
    verdicts: result.verdicts,
  };
  search.candidates.push(candidate);
  await deps.log(
    `${as.step} training ${describeAgreement(result.figures)} — ${shorten(proposal.note, 400)}`,
  );
  return candidate;
}

/**
 * The end of the search: the best candidate on training, measured on the held-out labels, and
 * whether it improved on the original goal there beyond noise.
 */
async function conclude(
  search: Search,
  baseline: { training: AgreementFigures; heldOut: AgreementFigures },
  heldOut: {
    items: readonly LabeledTrace[];
    baselineVerdicts: ReadonlyMap<string, JudgeVerdict>;
  },
): Promise<OptimizationOutcome> {
  const { deps, input } = search;
  const best = pickBest(search.candidates);
  const counts = { trainingCount: search.training.length, heldOutCount: heldOut.items.length };
  const calls = () => ({ judgeCalls: search.judgeCalls, optimizerCalls: search.optimizerCalls });
  if (best === undefined) {
    if (search.attempted > 0)
      throw new OptimizationError(
        `none of the ${search.attempted} candidate goals could be measured (see the logs): the optimizer model gave no usable goal`,
      );
    await deps.log("no candidate was needed: the original goal is kept");
    return { ...counts, baseline, improved: false, optimizedGoal: input.goal, ...calls() };
  }

  const measured = await measure(search, best.goal, heldOut.items);
  const bestHeldOut = measured.figures;
  const heldOutTest = testHeldOut(heldOut.items, heldOut.baselineVerdicts, measured.verdicts);
  const { improved } = heldOutTest;
  await deps.log(
    `best on training: ${best.name}${best.fewShot ? " (few-shot)" : ""}; held-out: baseline ${describeAgreement(baseline.heldOut)}, best ${describeAgreement(bestHeldOut)}`,
  );
  await deps.log(heldOutVerdictLine(heldOutTest, bestHeldOut, baseline.heldOut));
  return {
    ...counts,
    baseline,
    best: {
      name: best.name,
      goal: best.goal,
      fewShot: best.fewShot,
      training: best.training,
      heldOut: bestHeldOut,
    },
    heldOutTest,
    improved,
    optimizedGoal: improved ? best.goal : input.goal,
    ...calls(),
  };
}

/** A goal to measure, what it came from; `problem` when there is none to measure. */
interface Proposal {
  goal: string;
  note: string;
  problem?: string;
}

/**
 * One critique → rewrite of the parent's goal (without its examples: few-shot variants add their
 * own) from a sample of its training disagreements. An unreadable reply, even after the repair
 * turn, is a `problem`, not an error: the next candidate may do better.
 */
async function proposeRewrite(
  parent: Measured,
  sample: readonly LabeledTrace[],
  direction: string,
  optimizer: CompleteFn,
): Promise<Proposal> {
  const nonce = createNonce();
  const messages = buildCandidateMessages({
    goal: stripExamples(parent.goal),
    disagreements: sample.map((item) => toDisagreement(item, parent.verdicts)),
    standing: standingOf(parent.training),
    direction,
    nonce,
  });
  try {
    const { goal, critique } = await askForCandidate(messages, nonce, optimizer);
    return { goal, note: `rewrite of ${parent.name}; critique: ${oneLine(critique) || "(none)"}` };
  } catch (error) {
    if (!(error instanceof JudgeOutputError)) throw error;
    return { goal: "", note: "", problem: `the optimizer's reply held no goal (${error.reason})` };
  }
}

/** `size` items of `list` for the `k`-th rewrite of a round: consecutive windows, wrapping. */
function sampleOf<T>(list: readonly T[], k: number, size: number): T[] {
  if (list.length <= size) return [...list];
  const start = (k * size) % list.length;
  return Array.from({ length: size }, (_, i) => list[(start + i) % list.length] as T);
}

function toDisagreement(
  item: LabeledTrace,
  verdicts: ReadonlyMap<string, JudgeVerdict>,
): Disagreement {
  const verdict = verdicts.get(item.id);
  return {
    renderedTrace: item.renderedTrace,
    human: item.passed,
    comment: item.comment,
    judge: verdict?.passed ?? null,
    reasoning: verdict?.reasoning ?? "",
  };
}

function standingOf(figures: AgreementFigures): string {
  const kappa = figures.kappa === null ? "" : ` (Cohen's κ ${figures.kappa.toFixed(2)})`;
  return `agrees with ${figures.agreements} of ${figures.n} labels${kappa}`;
}

function describeSplit(items: readonly LabeledTrace[]): string {
  const passed = items.filter((item) => item.passed).length;
  return `${items.length} labels (${passed} pass, ${items.length - passed} fail)`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
