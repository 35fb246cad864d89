import { describe, expect, it } from "vitest";
import type { RunResult } from "./result.ts";
import { targetsReport } from "./targets.ts";

/** A valid run of the fake endpoint's cell: exactly 75 % right, N requests, C reached. */
function run(overrides: Partial<RunResult> & Pick<RunResult, "tool" | "kind">): RunResult {
  const n = overrides.n ?? 12_800;
  const concurrency = overrides.concurrency ?? 64;
  return {
    latencyMs: 50,
    concurrency,
    n,
    wallS: 10,
    steadyPerS: null,
    meanInFlight: null,
    cpuS: 2,
    endpointCpuS: 1,
    peakRssMb: 250,
    accuracy: 0.75,
    endpoint: {
      requests: n,
      maxInFlight: concurrency,
      inFlight: 0,
      connections: concurrency,
      badRequests: 0,
    },
    mustReachConcurrency: false,
    otherCores: 0,
    errors: [],
    notes: [],
    ...overrides,
  };
}

const line = (report: string, start: string) =>
  report.split("\n").find((l) => l.trimStart().startsWith(start)) ?? "";

describe("the eval bench's targets", () => {
  // C/L = 1,280 samples/s: 12,800 samples in 10 s is 100 %, in 10.31 s 97.0 %.
  it("passes a cell within 3 points of the floor and fails one further behind", () => {
    const floor = run({ tool: "lean floor", kind: "floor", wallS: 10.31 });
    const close = targetsReport([floor, run({ tool: "assay", kind: "assay", wallS: 10.62 })]);
    expect(line(close, "every cell")).toMatch(/\(2\.8 points\) ✓/);
    const far = targetsReport([floor, run({ tool: "assay", kind: "assay", wallS: 10.7 })]);
    expect(line(far, "every cell")).toMatch(/\(3\.5 points\) ✗/);
  });

  it("checks CPU per sample against the floor's only at C ≤ 64", () => {
    const at = (concurrency: number, assayCpuS: number) =>
      targetsReport([
        run({ tool: "lean floor", kind: "floor", concurrency, cpuS: 2 }),
        run({ tool: "assay", kind: "assay", concurrency, cpuS: assayCpuS }),
      ]);
    expect(line(at(64, 2.9), "CPU per sample")).toMatch(/1\.45× ✓/);
    expect(line(at(64, 3.2), "CPU per sample")).toMatch(/1\.60× ✗/);
    expect(line(at(256, 4), "CPU per sample")).toMatch(/not measured/);
  });

  it("compares with a peer end to end only at the same N, and calls a steady lead under 2 % a tie", () => {
    const assay = run({ tool: "assay", kind: "assay", steadyPerS: 1000 });
    const report = targetsReport([
      assay,
      run({ tool: "lm-eval 0.4.13", kind: "lm-eval", wallS: 40, steadyPerS: 1010 }),
      run({ tool: "promptfoo 0.123.1", kind: "promptfoo", n: 2000, wallS: 20, steadyPerS: 100 }),
    ]);
    expect(line(report, "ahead of lm-eval")).toMatch(/4\.0× ✓/);
    expect(line(report, "ahead of promptfoo")).toMatch(/its N 2000 is not Assay's/);
    expect(line(report, "at steady state")).toMatch(/0\.99× lm-eval 0\.4\.13 ✓ \(a tie/);
    const behind = targetsReport([
      assay,
      run({ tool: "lm-eval 0.4.13", kind: "lm-eval", steadyPerS: 1050 }),
    ]);
    expect(line(behind, "at steady state")).toMatch(/0\.95× lm-eval 0\.4\.13 ✗/);
  });

  it("leaves out runs that are not valid", () => {
    const report = targetsReport([
      run({ tool: "lean floor", kind: "floor", wallS: 10.31 }),
      run({ tool: "assay", kind: "assay", wallS: 10.4, accuracy: 0.74 }),
    ]);
    expect(line(report, "every cell")).toMatch(/not measured/);
  });
});
