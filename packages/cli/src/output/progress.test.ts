import type { Evaluation } from "@assay/client";
import { describe, expect, it } from "vitest";
import { ProgressReporter, progressLine } from "./progress.ts";

/** The parts of an evaluation the reporter reads. */
function poll(status: Evaluation["status"], done: number, correct: number, total = 100) {
  return {
    status,
    finished_at: status === "success" ? 1 : 0,
    assay: { progress: { total, done, correct, failed: 0, cached: 0 } },
  } as Evaluation;
}

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

describe("progress", () => {
  it("measures the rate from the last poll before prompts started, and the ETA from it", () => {
    let now = 0;
    const reporter = new ProgressReporter(recorder(true), { now: () => now });
    expect(reporter.update(poll("pending", 0, 0))).toMatchObject({ rate: undefined });
    now = 5_000; // queued for 5 s: not counted in the rate
    reporter.update(poll("in-progress", 0, 0));
    now = 7_000;
    const snapshot = reporter.update(poll("in-progress", 20, 15));
    expect(snapshot).toMatchObject({
      done: 20,
      total: 100,
      accuracy: 0.75,
      rate: 10,
      etaSeconds: 8,
    });
    expect(progressLine(snapshot)).toBe(
      "in-progress: 20/100 (20.0%), 10.0 prompts/s, ETA 0:08, accuracy 75.0%",
    );
  });

  it("draws a bar on a terminal (cli-progress) and leaves it on its last state", () => {
    const stream = recorder(true);
    const reporter = new ProgressReporter(stream, { now: () => 0 });
    reporter.update(poll("pending", 0, 0, 10));
    reporter.update(poll("success", 10, 9, 10));
    reporter.finish();
    reporter.finish();
    const output = stream.writes.join("");
    expect(output).toContain("0/10  pending");
    expect(output).toContain("10/10  accuracy 90.0%");
    expect(output.endsWith("\n")).toBe(true);
  });

  it("prints plain lines without a terminal, at most one per period, and always the last", () => {
    let now = 0;
    const stream = recorder(false);
    const reporter = new ProgressReporter(stream, { now: () => now, lineEveryMs: 10_000 });
    reporter.update(poll("in-progress", 0, 0, 10));
    now = 1_000;
    reporter.update(poll("in-progress", 2, 2, 10)); // too soon
    now = 11_000;
    reporter.update(poll("in-progress", 4, 3, 10));
    now = 12_000;
    reporter.update(poll("success", 10, 8, 10)); // finished: printed at once
    reporter.finish();
    expect(stream.writes).toEqual([
      "in-progress: 0/10 (0.0%)\n",
      "in-progress: 4/10 (40.0%), 0.4 prompts/s, ETA 0:17, accuracy 75.0%\n",
      "success: 10/10 (100.0%), 0.8 prompts/s, accuracy 80.0%\n",
    ]);
  });
});
