import { describe, expect, it } from "vitest";
import { createMetricTally } from "./metric-stats.ts";

describe("createMetricTally", () => {
  it("averages each metric over the results that have a number for it", () => {
    const tally = createMetricTally(["readability", "toxicity"]);
    tally.add({ readability: 0.5, toxicity: 0 });
    tally.add({ readability: 1, toxicity: null });
    tally.add({ readability: 0, other: 7 });
    expect(tally.means()).toEqual({ readability: 0.5, toxicity: 0 });
  });

  it("answers null for a metric no result has, and ignores metrics it was not asked for", () => {
    const tally = createMetricTally(["ethics"]);
    tally.add({ toxicity: 0.3 });
    tally.add({ ethics: "0.9" });
    expect(tally.means()).toEqual({ ethics: null });
    expect(createMetricTally([]).means()).toEqual({});
  });
});
