import { Presets, SingleBar } from "cli-progress";

/** Where progress goes: stderr, so stdout stays the command's result. */
export interface ProgressStream {
  readonly isTTY?: boolean | undefined;
  write(text: string): unknown;
  /** Terminal width, when the stream is a terminal. */
  readonly columns?: number;
}

export interface ProgressOptions {
  /** Milliseconds now; a seam for tests. */
  now?: () => number;
  /** Without a terminal: at most one line per this many milliseconds (default 10 000). */
  lineEveryMs?: number;
}

/** One poll's progress, as a bar shows it (`value`/`total`, details) and as a line reads. */
export interface ProgressView {
  value: number;
  total: number;
  details: string;
  line: string;
  /** The last view: its line is printed whenever it is new. */
  final: boolean;
}

const BAR_WIDTH = 24;

/**
 * How a waiting command shows progress: a bar redrawn in place on a terminal (cli-progress),
 * plain lines when stderr is a file or a pipe — a changed line at most every `lineEveryMs`, and
 * always the final one.
 */
export class ProgressDisplay {
  readonly #stream: ProgressStream;
  readonly #lineEveryMs: number;
  readonly #barOptions: { etaBuffer?: number };
  readonly now: () => number;
  #lastLineAt = Number.NEGATIVE_INFINITY;
  #lastLine = "";
  /** Created on the first view when the stream is a terminal. */
  #bar: SingleBar | undefined;

  constructor(
    stream: ProgressStream,
    options: ProgressOptions = {},
    barOptions: { etaBuffer?: number } = {},
  ) {
    this.#stream = stream;
    this.now = options.now ?? Date.now;
    this.#lineEveryMs = options.lineEveryMs ?? 10_000;
    this.#barOptions = barOptions;
  }

  show(view: ProgressView): void {
    if (this.#stream.isTTY) {
      const payload = { details: view.details };
      if (this.#bar === undefined) {
        this.#bar = new SingleBar(
          {
            stream: this.#stream as unknown as NodeJS.WritableStream,
            format: "[{bar}]  {value}/{total}  {details}",
            barsize: BAR_WIDTH,
            hideCursor: true,
            ...this.#barOptions,
          },
          Presets.shades_classic,
        );
        this.#bar.start(view.total, view.value, payload);
      } else this.#bar.update(view.value, payload);
      return;
    }
    const at = this.now();
    if (
      view.line !== this.#lastLine &&
      (view.final || at - this.#lastLineAt >= this.#lineEveryMs)
    ) {
      this.#stream.write(`${view.line}\n`);
      this.#lastLine = view.line;
      this.#lastLineAt = at;
    }
  }

  /** Ends the bar's line, so what follows starts on a line of its own. */
  finish(): void {
    this.#bar?.stop();
    this.#bar = undefined;
  }
}
