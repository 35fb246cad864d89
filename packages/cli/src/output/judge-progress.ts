import { Presets, SingleBar } from "cli-progress";
import type { ProgressStream } from "./progress.ts";

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

export interface VerdictProgressOptions {
  /** Milliseconds now; a seam for tests. */
  now?: () => number;
  /** Without a terminal: at most one line per this many milliseconds (default 10 000). */
  lineEveryMs?: number;
}

const BAR_WIDTH = 24;

/**
 * Shows how far `assay judge run --wait` is: a bar redrawn in place on a terminal (cli-progress,
 * as `assay eval run --wait`), plain lines (at most one every `lineEveryMs`, and always the last)
 * when stderr is a file or a pipe.
 */
export class VerdictProgress {
  readonly #stream: ProgressStream;
  readonly #now: () => number;
  readonly #lineEveryMs: number;
  #lastLineAt = Number.NEGATIVE_INFINITY;
  #lastLine = "";
  #bar: SingleBar | undefined;

  constructor(stream: ProgressStream, options: VerdictProgressOptions = {}) {
    this.#stream = stream;
    this.#now = options.now ?? Date.now;
    this.#lineEveryMs = options.lineEveryMs ?? 10_000;
  }

  update(counts: VerdictCounts): void {
    if (this.#stream.isTTY) {
      const payload = { details: verdictDetails(counts) };
      if (this.#bar === undefined) {
        this.#bar = new SingleBar(
          {
            stream: this.#stream as unknown as NodeJS.WritableStream,
            format: "[{bar}]  {value}/{total}  {details}",
            barsize: BAR_WIDTH,
            hideCursor: true,
          },
          Presets.shades_classic,
        );
        this.#bar.start(counts.total, counts.finished, payload);
      } else this.#bar.update(counts.finished, payload);
      return;
    }
    const line = verdictLine(counts);
    const at = this.#now();
    const done = counts.finished >= counts.total;
    if (line !== this.#lastLine && (done || at - this.#lastLineAt >= this.#lineEveryMs)) {
      this.#stream.write(`${line}\n`);
      this.#lastLine = line;
      this.#lastLineAt = at;
    }
  }

  /** Ends the bar's line, so what follows starts on a line of its own. */
  finish(): void {
    this.#bar?.stop();
    this.#bar = undefined;
  }
}

/** `judged 3/10: 2 passed, 1 failed, 0 errors` */
export function verdictLine(counts: VerdictCounts): string {
  return `judged ${counts.finished}/${counts.total}: ${verdictDetails(counts)}`;
}

function verdictDetails({ passed, failed, errors }: VerdictCounts): string {
  return `${passed} passed, ${failed} failed, ${errors} ${errors === 1 ? "error" : "errors"}`;
}
