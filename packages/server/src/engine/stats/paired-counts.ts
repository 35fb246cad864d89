/**
 * The paired 2×2 of two evaluations answering the same prompts: A is the reference, B the one
 * compared with it. Only the discordant cells say which is better; the concordant ones still
 * matter for the interval, through the number of pairs the difference is taken over.
 */
export interface PairedCounts {
  bothCorrect: number;
  /** A right, B wrong. */
  onlyACorrect: number;
  /** A wrong, B right. */
  onlyBCorrect: number;
  bothWrong: number;
}

/** The 2×2 of pairs of answers, each pair as (A right, B right). */
export function pairedCountsOf(pairs: Iterable<readonly [boolean, boolean]>): PairedCounts {
  const counts: PairedCounts = { bothCorrect: 0, onlyACorrect: 0, onlyBCorrect: 0, bothWrong: 0 };
  for (const [rightA, rightB] of pairs) {
    if (rightA && rightB) counts.bothCorrect += 1;
    else if (rightA) counts.onlyACorrect += 1;
    else if (rightB) counts.onlyBCorrect += 1;
    else counts.bothWrong += 1;
  }
  return counts;
}

/** The sum of several 2×2s (a comparison's subsets): the whole comparison's. */
export function sumPairedCounts(tables: Iterable<PairedCounts>): PairedCounts {
  const total: PairedCounts = { bothCorrect: 0, onlyACorrect: 0, onlyBCorrect: 0, bothWrong: 0 };
  for (const counts of tables) {
    total.bothCorrect += counts.bothCorrect;
    total.onlyACorrect += counts.onlyACorrect;
    total.onlyBCorrect += counts.onlyBCorrect;
    total.bothWrong += counts.bothWrong;
  }
  return total;
}
