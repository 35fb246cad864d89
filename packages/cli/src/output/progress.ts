import type { Evaluation } from "@assay/client";
import { clockDuration, percent } from "./format.ts";
import { ProgressDisplay, type ProgressOptions, type ProgressStream } from "./progress-display.ts";

export type { ProgressOptions, ProgressStream };

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
  // Our own rate and ETA in the bar: measured from when prompts started being answered.
  readonly #display: ProgressDisplay;
  /** The last poll before prompts started being answered: where the rate is measured from. */
  #base: { at: number; done: number } | undefined;

  constructor(stream: ProgressStream, options: ProgressOptions = {}) {
    this.#display = new ProgressDisplay(stream, options, { etaBuffer: 1 });
  }

  /** Takes one poll's evaluation; draws or prints if it is time to. */
  update(evaluation: Evaluation): ProgressSnapshot {
    const snapshot = this.#snapshot(evaluation);
    this.#display.show({
      value: snapshot.done,
      total: snapshot.total,
      details: [snapshot.status === "pending" ? "pending" : "", ...details(snapshot)]
        .filter(Boolean)
        .join("  "),
      line: progressLine(snapshot),
      final: evaluation.finished_at > 0,
    });
    return snapshot;
  }

  /** Ends the bar's line, so what follows starts on a line of its own. */
  finish(): void {
    this.#display.finish();
  }

  #snapshot(evaluation: Evaluation): ProgressSnapshot {
    const { done, total, correct } = evaluation.assay.progress;
    const at = this.#display.now();
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
