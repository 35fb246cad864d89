import type { AgreementFigures } from "../stats/index.ts";

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

/**
 * Whether the chosen goal beat the baseline on the held-out labels: strictly more agreements on
 * the same set (a tie keeps the original goal, which people already know).
 */
export function isImprovement(best: AgreementFigures, baseline: AgreementFigures): boolean {
  return best.n === baseline.n && best.agreements > baseline.agreements;
}
