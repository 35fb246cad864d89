import type { Evaluation } from "@assay/client";
import { Presets, SingleBar } from "cli-progress";
import { clockDuration, percent } from "./format.ts";

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

const BAR_WIDTH = 24;

/** What one poll says about a run: prompts done of all, rate, time left and accuracy so far. */
export interface ProgressSnapshot {
  status: Evaluation["status"];
  done: number;
  total: number;
  /** Correct over done, undefined before the first prompt. */
  accuracy: number | undefined;
  /** Prompts per second since prompts started being answered; undefined until measurable. */
  rate: number | undefined;
  /** Seconds left at the current rate. */
  etaSeconds: number | undefined;
}

/**
 * Shows an evaluation's progress while a command waits for it: a bar redrawn in place on a
 * terminal, plain lines (at most one every `lineEveryMs`) when stderr is a file or a pipe.
 */
export class ProgressReporter {
  readonly #stream: ProgressStream;
  readonly #now: () => number;
  readonly #lineEveryMs: number;
  /** The last poll before prompts started being answered: where the rate is measured from. */
  #base: { at: number; done: number } | undefined;
  #lastLineAt = Number.NEGATIVE_INFINITY;
  #lastLine = "";
  /** The terminal bar (cli-progress), created on the first poll when stderr is a terminal. */
  #bar: SingleBar | undefined;

  constructor(stream: ProgressStream, options: ProgressOptions = {}) {
    this.#stream = stream;
    this.#now = options.now ?? Date.now;
    this.#lineEveryMs = options.lineEveryMs ?? 10_000;
  }

  /** Takes one poll's evaluation; draws or prints if it is time to. */
  update(evaluation: Evaluation): ProgressSnapshot {
    const snapshot = this.#snapshot(evaluation);
    if (this.#stream.isTTY) {
      const payload = {
        details: [snapshot.status === "pending" ? "pending" : "", ...details(snapshot)]
          .filter(Boolean)
          .join("  "),
      };
      if (this.#bar === undefined) {
        this.#bar = new SingleBar(
          {
            stream: this.#stream as unknown as NodeJS.WritableStream,
            format: "[{bar}]  {value}/{total}  {details}",
            barsize: BAR_WIDTH,
            hideCursor: true,
            // Our own rate and ETA: measured from when prompts started being answered.
            etaBuffer: 1,
          },
          Presets.shades_classic,
        );
        this.#bar.start(snapshot.total, snapshot.done, payload);
      } else this.#bar.update(snapshot.done, payload);
      return snapshot;
    }
    const line = progressLine(snapshot);
    const at = this.#now();
    const finished = evaluation.finished_at > 0;
    if (line !== this.#lastLine && (finished || at - this.#lastLineAt >= this.#lineEveryMs)) {
      this.#stream.write(`${line}\n`);
      this.#lastLine = line;
      this.#lastLineAt = at;
    }
    return snapshot;
  }

  /** Ends the bar's line, so what follows starts on a line of its own. */
  finish(): void {
    this.#bar?.stop();
    this.#bar = undefined;
  }

  #snapshot(evaluation: Evaluation): ProgressSnapshot {
    const { done, total, correct } = evaluation.assay.progress;
    const at = this.#now();
    if (this.#base === undefined || done <= this.#base.done) this.#base = { at, done };
    const seconds = (at - this.#base.at) / 1000;
    const rate =
      seconds > 0 && done > this.#base.done ? (done - this.#base.done) / seconds : undefined;
    return {
      status: evaluation.status,
      done,
      total,
      accuracy: done > 0 ? correct / done : undefined,
      rate,
      etaSeconds: rate === undefined ? undefined : (total - done) / rate,
    };
  }
}

/** `in-progress: 40/100 (40.0%), 12.5 prompts/s, ETA 0:05, accuracy 87.5%` */
export function progressLine(s: ProgressSnapshot): string {
  const share = s.total > 0 ? ` (${percent(s.done / s.total)})` : "";
  return [`${s.status}: ${s.done}/${s.total}${share}`, ...details(s)].join(", ");
}

function details(s: ProgressSnapshot): string[] {
  const parts: string[] = [];
  if (s.rate !== undefined) parts.push(`${s.rate.toFixed(1)} prompts/s`);
  if (s.etaSeconds !== undefined && s.done < s.total)
    parts.push(`ETA ${clockDuration(s.etaSeconds)}`);
  if (s.accuracy !== undefined) parts.push(`accuracy ${percent(s.accuracy)}`);
  return parts;
}
