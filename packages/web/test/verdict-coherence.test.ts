import type { PairedStats } from "@assay/protocol";
import type { PairedCounts } from "@assay/server/src/engine/stats/index.ts";
import { toPairedStats } from "@assay/server/src/resources/comparisons/paired-stats.ts";
import { describe, expect, it } from "vitest";
import { headlineTone, verdictSentence } from "../src/compare/format-comparison.ts";

/**
 * One verdict, one method, from the wire to the screen: for every paired table up to n = 40 and
 * 5,000 random ones up to n = 1,000, the server's statistics (significant ⇔ interval excludes 0 ⇔
 * p < 0.05), its verdict, and the dashboard's sentence and colour all say the same thing, and the
 * limits the sentence prints lie on the side of 0 the verdict says. No browser: the headline's
 * words and colour come from verdictSentence and headlineTone alone.
 */

/** "+4.1" / "−2.0" / "0.0" back to a number of points. */
const parsePoints = (text: string) => Number(text.replace("−", "-").replace("+", ""));

/** Where the table's verdict disagrees with itself anywhere, or undefined. */
function disagreement(stats: PairedStats): string | undefined {
  const { low, high } = stats.difference_interval;
  const excludesZero = low > 0 || high < 0;
  if (stats.significant !== excludesZero) return "flag against interval";
  if (stats.significant !== stats.p_value < 0.05) return "flag against p";
  if (stats.significant !== /^evaluation [12] is better/.test(stats.verdict))
    return `server verdict: ${stats.verdict}`;
  if (headlineTone(stats) !== (stats.significant ? "significant" : "inconclusive")) return "colour";
  const sentence = verdictSentence(stats);
  if (stats.pairs === 0) return sentence.startsWith("nothing to compare") ? undefined : sentence;
  if (stats.significant) {
    const match = /^[AB] is better: \+[\d.]+ points \[(\S+), (\S+)\], p [=<] [\d.]+$/.exec(
      sentence,
    );
    // The winner's interval, printed: both limits above 0.
    if (!match || !(parsePoints(match[1]!) > 0 && parsePoints(match[2]!) > 0)) return sentence;
  } else {
    const match = /^no detectable difference: the interval spans (\S+) to (\S+) points$/.exec(
      sentence,
    );
    if (!match || !(parsePoints(match[1]!) <= 0 && parsePoints(match[2]!) >= 0)) return sentence;
  }
  return undefined;
}

function* tables(maxN: number): Generator<PairedCounts> {
  for (let n = 0; n <= maxN; n += 1)
    for (let a = 0; a <= n; a += 1)
      for (let b = 0; a + b <= n; b += 1)
        for (let c = 0; a + b + c <= n; c += 1)
          yield { bothCorrect: a, onlyACorrect: b, onlyBCorrect: c, bothWrong: n - a - b - c };
}

/** A fixed-seed linear congruential generator (Numerical Recipes' constants). */
function* randomTables(count: number): Generator<PairedCounts> {
  let state = 28;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = 0; i < count; i += 1) {
    const n = 20 + Math.floor(next() * 981);
    const pDiscordant = next() * 0.5;
    const pB = next();
    const counts = { bothCorrect: 0, onlyACorrect: 0, onlyBCorrect: 0, bothWrong: 0 };
    for (let k = 0; k < n; k += 1) {
      if (next() < pDiscordant) {
        if (next() < pB) counts.onlyBCorrect += 1;
        else counts.onlyACorrect += 1;
      } else if (next() < 0.6) counts.bothCorrect += 1;
      else counts.bothWrong += 1;
    }
    yield counts;
  }
}

describe("the comparison's verdict, from the server to the dashboard", () => {
  it("agrees with itself on every table up to n = 40", () => {
    const failures: string[] = [];
    for (const counts of tables(40)) {
      const problem = disagreement(toPairedStats(counts));
      if (problem) failures.push(`${JSON.stringify(counts)}: ${problem}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it("agrees with itself on 5,000 random tables up to n = 1,000", () => {
    const failures: string[] = [];
    for (const counts of randomTables(5_000)) {
      const problem = disagreement(toPairedStats(counts));
      if (problem) failures.push(`${JSON.stringify(counts)}: ${problem}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it("reads the review's table as a difference, with the interval above 0", () => {
    const stats = toPairedStats({ bothCorrect: 7, onlyACorrect: 0, onlyBCorrect: 5, bothWrong: 8 });
    expect(stats).toMatchObject({ significant: true, method: "mcnemar_tango" });
    expect(stats.verdict).toBe("evaluation 2 is better (+25.0 points, p = 0.025)");
    expect(verdictSentence(stats)).toBe("B is better: +25.0 points [+4.9, +46.9], p = 0.025");
    expect(headlineTone(stats)).toBe("significant");
  });
});
