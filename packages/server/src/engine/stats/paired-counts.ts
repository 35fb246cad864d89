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
