import { ProgressDisplay, type ProgressOptions, type ProgressStream } from "./progress-display.ts";

/** Where a batch of trace evaluations stands: how many finished, and how. */
export interface VerdictCounts {
  total: number;
  /** Ended `success` with a verdict, or `failure`. */
  finished: number;
  /** Verdicts that passed. */
  passed: number;
  /** Verdicts that did not pass. */
  failed: number;
  /** Runs that ended `failure`: the judge could not give a verdict. */
  errors: number;
}

export type VerdictProgressOptions = ProgressOptions;

/**
 * Shows how far `assay judge run --wait` is: a bar redrawn in place on a terminal (cli-progress,
 * as `assay eval run --wait`), plain lines (at most one every `lineEveryMs`, and always the last)
 * when stderr is a file or a pipe.
 */
export class VerdictProgress {
  readonly #display: ProgressDisplay;

  constructor(stream: ProgressStream, options: VerdictProgressOptions = {}) {
    this.#display = new ProgressDisplay(stream, options);
  }

  update(counts: VerdictCounts): void {
    this.#display.show({
      value: counts.finished,
      total: counts.total,
      details: verdictDetails(counts),
      line: verdictLine(counts),
      final: counts.finished >= counts.total,
    });
  }

  /** Ends the bar's line, so what follows starts on a line of its own. */
  finish(): void {
    this.#display.finish();
  }
}

/** `judged 3/10: 2 passed, 1 failed, 0 errors` */
export function verdictLine(counts: VerdictCounts): string {
  return `judged ${counts.finished}/${counts.total}: ${verdictDetails(counts)}`;
}

function verdictDetails({ passed, failed, errors }: VerdictCounts): string {
  return `${passed} passed, ${failed} failed, ${errors} ${errors === 1 ? "error" : "errors"}`;
}
