import { formatPValue } from "@assay/protocol";
import { type AgreementFigures, mcnemarExactPValue } from "../stats/index.ts";
import type { JudgeVerdict, LabeledTrace } from "./measure-goal.ts";

/** A goal and how it did on the training labels. */
export interface ScoredGoal {
  goal: string;
  training: AgreementFigures;
}

/**
 * Orders goals best first: higher training accuracy; on a tie, higher κ (undefined κ last: the
 * judge gave one answer to everything, or the labels are all alike and no goal has a κ); then the
 * shorter goal (cheaper on every call,
 * and less likely to be overfitted to the cases it was written from).
 */
export function compareGoals(a: ScoredGoal, b: ScoredGoal): number {
  const accuracy = (b.training.accuracy ?? -1) - (a.training.accuracy ?? -1);
  if (accuracy !== 0) return accuracy;
  const kappa = (b.training.kappa ?? -Infinity) - (a.training.kappa ?? -Infinity);
  if (kappa !== 0 && !Number.isNaN(kappa)) return kappa;
  return a.goal.length - b.goal.length;
}

/** The best of `goals` by compareGoals; undefined when there are none. */
export function pickBest<T extends ScoredGoal>(goals: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const goal of goals) if (best === undefined || compareGoals(goal, best) < 0) best = goal;
  return best;
}

/** A gain on the held-out labels counts when chance would give one this lopsided under 5% of the time. */
const SIGNIFICANCE = 0.05;

/** The best candidate against the original goal on the same held-out labels, label by label. */
export interface HeldOutTest {
  /** Held-out labels the candidate agrees with and the original goal does not. */
  onlyCandidate: number;
  /** Held-out labels the original goal agrees with and the candidate does not. */
  onlyOriginal: number;
  /** McNemar's exact test on those two counts, two-sided. */
  pValue: number;
  /** The candidate agrees with more labels beyond noise (p < 0.05): only then is it applied. */
  improved: boolean;
}

/**
 * Whether the chosen goal beat the original on the held-out labels by more than noise. Both were
 * judged on the same labels, so this is a paired question: only the labels on which they differ
 * speak to it, and under "equally good" each is as likely to favour either (McNemar). One more
 * agreement than the original is not a finding; a tie keeps the original goal, which people
 * already know. A trace without a usable verdict counts as a disagreement, as in measureGoal.
 *
 * The exact test, not the score test that comparisons use: held-out sets are small (12 of 40
 * labels), a judge's goal should change only on evidence, and no interval is quoted beside this
 * p. With no label lost, the candidate must gain 6 to pass (p = 2/2⁶).
 */
export function testHeldOut(
  items: readonly LabeledTrace[],
  original: ReadonlyMap<string, JudgeVerdict>,
  candidate: ReadonlyMap<string, JudgeVerdict>,
): HeldOutTest {
  let onlyCandidate = 0;
  let onlyOriginal = 0;
  for (const item of items) {
    const originalAgrees = original.get(item.id)?.passed === item.passed;
    const candidateAgrees = candidate.get(item.id)?.passed === item.passed;
    if (candidateAgrees && !originalAgrees) onlyCandidate += 1;
    if (originalAgrees && !candidateAgrees) onlyOriginal += 1;
  }
  const pValue = mcnemarExactPValue(onlyOriginal, onlyCandidate);
  return {
    onlyCandidate,
    onlyOriginal,
    pValue,
    improved: onlyCandidate > onlyOriginal && pValue < SIGNIFICANCE,
  };
}

/** The run's last log line: improved, a gain within noise, or no gain, with the paired test. */
export function heldOutVerdictLine(
  test: HeldOutTest,
  best: AgreementFigures,
  baseline: AgreementFigures,
): string {
  const points = (((best.accuracy ?? 0) - (baseline.accuracy ?? 0)) * 100).toFixed(1);
  const labels = test.onlyCandidate === 1 ? "label" : "labels";
  const evidence = `${test.onlyCandidate} held-out ${labels} gained, ${test.onlyOriginal} lost, McNemar exact ${formatPValue(test.pValue)}`;
  if (test.improved)
    return `improved: +${points} points of held-out accuracy (${evidence}); apply gives the judge the new goal`;
  if (test.onlyCandidate > test.onlyOriginal)
    return `not measurably better: +${points} points of held-out accuracy (${evidence}), within noise on ${best.n} labels; apply keeps the original goal`;
  return `not improved: no candidate beat the original goal on the held-out labels (${points} points); apply keeps the original goal`;
}
