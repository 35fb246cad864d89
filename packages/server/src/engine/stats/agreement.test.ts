import { describe, expect, it } from "vitest";
import { agreement, agreementOfTable } from "./agreement.ts";

// Reference values: statsmodels 0.14 `cohens_kappa(table)` (kappa, std_kappa ± 1.959963984540054).
describe("Cohen's κ with the Fleiss-Cohen-Everitt interval", () => {
  it.each([
    [[20, 5], [10, 15], 0.4, 0.151092290476661, 0.6489077095233389],
    [[45, 15], [25, 15], 0.13043478260869554, -0.06293827779258965, 0.3238078430099807],
    [[1, 2], [3, 4], -0.08695652173913052, -0.6786033071391498, 0.5046902636608889],
  ] as const)("%j %j → κ %d", (row1, row2, kappa, low, high) => {
    const figures = agreementOfTable([[...row1], [...row2]]);
    expect(figures.kappa).toBeCloseTo(kappa, 12);
    expect(figures.kappaInterval?.low).toBeCloseTo(low, 10);
    expect(figures.kappaInterval?.high).toBeCloseTo(high, 10);
  });

  it("gives κ = 1 with a zero-width interval when every pair agrees, both answers present", () => {
    const figures = agreementOfTable([
      [5, 0],
      [0, 5],
    ]);
    expect(figures).toMatchObject({ n: 10, agreements: 10, accuracy: 1, kappa: 1 });
    expect(figures.kappaInterval).toEqual({ low: 1, high: 1 });
  });

  it("leaves κ undefined when both sides said pass to everything (chance agreement is 1)", () => {
    const figures = agreement(Array.from({ length: 8 }, () => ({ human: true, judge: true })));
    expect(figures).toMatchObject({ n: 8, accuracy: 1, kappa: null, kappaInterval: null });
    expect(figures.accuracyInterval?.high).toBe(1);
  });

  it("gives κ = 0 when one side has a single answer, and an interval that does not go NaN", () => {
    const figures = agreementOfTable([
      [9, 1],
      [0, 0],
    ]);
    expect(figures.kappa).toBeCloseTo(0, 12);
    expect(Number.isNaN(figures.kappaInterval?.low)).toBe(false);
  });

  it("knows nothing with no pairs", () => {
    expect(agreement([])).toEqual({
      n: 0,
      agreements: 0,
      accuracy: null,
      accuracyInterval: null,
      kappa: null,
      kappaInterval: null,
    });
  });

  it("counts rows as the person and columns as the judge", () => {
    const figures = agreement([
      { human: true, judge: false },
      { human: true, judge: true },
      { human: false, judge: false },
      { human: false, judge: false },
    ]);
    expect(figures).toMatchObject({ n: 4, agreements: 3, accuracy: 0.75 });
    expect(figures.kappa).toBeCloseTo(0.5, 12);
  });
});
