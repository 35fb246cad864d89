import { describe, expect, it } from "vitest";
import { type VerdictCounts, VerdictProgress, verdictLine } from "./judge-progress.ts";

function counts(finished: number, passed: number, failed: number, errors = 0): VerdictCounts {
  return { total: 4, finished, passed, failed, errors };
}

function recorder(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

describe("verdict progress", () => {
  it("says how many were judged and how they came out", () => {
    expect(verdictLine(counts(3, 1, 1, 1))).toBe("judged 3/4: 1 passed, 1 failed, 1 error");
    expect(verdictLine(counts(0, 0, 0))).toBe("judged 0/4: 0 passed, 0 failed, 0 errors");
  });

  it("draws a bar on a terminal and leaves it on its last state", () => {
    const stream = recorder(true);
    const progress = new VerdictProgress(stream, { now: () => 0 });
    progress.update(counts(0, 0, 0));
    progress.update(counts(4, 3, 1));
    progress.finish();
    progress.finish();
    const output = stream.writes.join("");
    expect(output).toContain("0/4  0 passed, 0 failed, 0 errors");
    expect(output).toContain("4/4  3 passed, 1 failed, 0 errors");
    expect(output.endsWith("\n")).toBe(true);
  });

  it("prints plain lines without a terminal, at most one per period, and always the last", () => {
    let now = 0;
    const stream = recorder(false);
    const progress = new VerdictProgress(stream, { now: () => now, lineEveryMs: 10_000 });
    progress.update(counts(0, 0, 0));
    now = 1_000;
    progress.update(counts(1, 1, 0)); // too soon
    now = 11_000;
    progress.update(counts(2, 1, 1));
    progress.update(counts(2, 1, 1)); // unchanged
    now = 12_000;
    progress.update(counts(4, 2, 1, 1)); // all finished: printed at once
    expect(stream.writes).toEqual([
      "judged 0/4: 0 passed, 0 failed, 0 errors\n",
      "judged 2/4: 1 passed, 1 failed, 0 errors\n",
      "judged 4/4: 2 passed, 1 failed, 1 error\n",
    ]);
  });
});
