/**
 * Generation gave nothing usable. The message is meant for the benchmark's owner (it becomes the
 * benchmark's status description): what went wrong and, where it can, what to change.
 */
export class GenerationError extends Error {
  override name = "GenerationError";
  /** Chunks whose replies could not be used even after a repair request. */
  readonly failedChunks: number;
  /** Chunks the generator model was asked about. */
  readonly attemptedChunks: number;

  constructor(message: string, counts: { failedChunks?: number; attemptedChunks?: number } = {}) {
    super(message);
    this.failedChunks = counts.failedChunks ?? 0;
    this.attemptedChunks = counts.attemptedChunks ?? 0;
  }
}
