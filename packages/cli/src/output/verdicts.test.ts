import { describe, expect, it } from "vitest";
import { passRateLine } from "./verdicts.ts";

const counts = (passed: number, failed: number, errors: number) => ({
  total: passed + failed + errors,
  finished: passed + failed + errors,
  passed,
  failed,
  errors,
});

describe("the pass rate under `assay judge run`'s verdicts", () => {
  it("is over the runs with a verdict", () => {
    expect(passRateLine(counts(2, 1, 0))).toBe("passed 2 of 3 (66.7%)");
  });

  it("says the runs that errored apart: they gave no verdict, so no pass rate counts them", () => {
    expect(passRateLine(counts(1, 1, 1))).toBe("passed 1 of 2 judged (50.0%); 1 run errored");
  });

  it("gives no rate when every run errored, not 'passed 0 of 2 (0.0%)'", () => {
    expect(passRateLine(counts(0, 0, 2))).toBe(
      "no verdicts: all 2 runs errored (the status column says why)",
    );
  });
});
