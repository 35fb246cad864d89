import { describe, expect, it } from "vitest";
import { agreement, agreementOfTable } from "./agreement.ts";

// Reference values: statsmodels 0.15.0. κ is cohens_kappa(table).kappa; the Fleiss-Cohen-Everitt
// interval is kappa ± 1.959963984540054·std_kappa; the Cohen (1960) rescaled-Wilson interval is
// (proportion_confint(a + d, n, method="wilson") − pe)/(1 − pe); the reported interval is the
// wider of the two at each end, clipped to [−1, 1].
describe("Cohen's κ and its interval", () => {
  it.each([
    // FCE [0.1511, 0.6489], rescaled Wilson [0.1250, 0.6179].
    [[20, 5], [10, 15], 0.4, 0.12499299071093173, 0.6489077095233388],
    // FCE [−0.0629, 0.3238], rescaled Wilson [−0.0826, 0.3274].
    [[45, 15], [25, 15], 0.13043478260869554, -0.082603072193344, 0.3273885077555241],
    // FCE [−0.6786, 0.5047] is the wider at both ends.
    [[1, 2], [3, 4], -0.08695652173913052, -0.6786033071391497, 0.5046902636608888],
    // One disagreement in 50: FCE [0.8825, 1] alone would be narrower than perfect agreement's.
    [[25, 1], [0, 24], 0.96, 0.7900911282072436, 1],
    // Uneven margins: FCE [0.0552, 0.9945], rescaled Wilson [−0.2405, 0.8360].
    [[30, 2], [1, 2], 0.5248868778280543, -0.2404801180191499, 0.9945382266679967],
  ] as const)("%j %j → κ %d", (row1, row2, kappa, low, high) => {
    const figures = agreementOfTable([[...row1], [...row2]]);
    expect(figures.kappa).toBeCloseTo(kappa, 12);
    expect(figures.kappaInterval?.low).toBeCloseTo(low, 10);
    expect(figures.kappaInterval?.high).toBeCloseTo(high, 10);
    expect(figures.kappaUndefined).toBeNull();
  });

  it("is not certain of κ = 1 when every pair agrees, both answers present", () => {
    // 10 of 10: Wilson's po ≥ 0.7225, pe = 0.5, so κ ≥ 0.4449 (FCE alone said [1, 1]).
    const figures = agreementOfTable([
      [5, 0],
      [0, 5],
    ]);
    expect(figures).toMatchObject({ n: 10, agreements: 10, accuracy: 1, kappa: 1 });
    expect(figures.kappaInterval?.low).toBeCloseTo(0.44493440027422126, 10);
    expect(figures.kappaInterval?.high).toBe(1);
    // Two labels, one of each, both right: almost nothing is known.
    const two = agreementOfTable([
      [1, 0],
      [0, 1],
    ]);
    expect(two.kappa).toBe(1);
    expect(two.kappaInterval?.low).toBeCloseTo(-0.31523954498669404, 10);
  });

  it("leaves κ undefined, saying why, when the people gave one label to everything", () => {
    // κ would be 0 with [0, 0] whatever the judge did: nothing was measured.
    const figures = agreementOfTable([
      [9, 1],
      [0, 0],
    ]);
    expect(figures).toMatchObject({ n: 10, accuracy: 0.9, kappa: null, kappaInterval: null });
    expect(figures.kappaUndefined).toBe("every label is pass");
    expect(
      agreementOfTable([
        [0, 0],
        [3, 4],
      ]).kappaUndefined,
    ).toBe("every label is fail");
  });

  it("leaves κ undefined when the judge gave one verdict to everything", () => {
    const figures = agreementOfTable([
      [6, 0],
      [4, 0],
    ]);
    expect(figures).toMatchObject({ kappa: null, kappaInterval: null, accuracy: 0.6 });
    expect(figures.kappaUndefined).toBe("every verdict is pass");
  });

  it("leaves κ undefined when both sides said pass to everything", () => {
    const figures = agreement(Array.from({ length: 8 }, () => ({ human: true, judge: true })));
    expect(figures).toMatchObject({ n: 8, accuracy: 1, kappa: null, kappaInterval: null });
    expect(figures.kappaUndefined).toBe("every label is pass and every verdict pass");
    expect(figures.accuracyInterval?.high).toBe(1);
    expect(figures.accuracyInterval?.low).toBeLessThan(1);
  });

  it("knows nothing with no pairs", () => {
    expect(agreement([])).toEqual({
      n: 0,
      agreements: 0,
      accuracy: null,
      accuracyInterval: null,
      kappa: null,
      kappaInterval: null,
      kappaUndefined: "no label has a verdict to compare with",
    });
  });

  it("never gives a zero-width interval when κ is defined", () => {
    for (let n = 2; n <= 30; n += 1)
      for (let a = 0; a <= n; a += 1)
        for (let b = 0; a + b <= n; b += 1)
          for (let c = 0; a + b + c <= n; c += 1) {
            const figures = agreementOfTable([
              [a, b],
              [c, n - a - b - c],
            ]);
            if (figures.kappa === null) continue;
            const { low, high } = figures.kappaInterval!;
            expect(low <= figures.kappa && figures.kappa <= high && low < high).toBe(true);
          }
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
