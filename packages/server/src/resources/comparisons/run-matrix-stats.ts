import type { MatrixOutcome, RunMatrixPair } from "@assay/protocol";
import { holmAdjust, pairedCountsOf, wilsonInterval } from "../../engine/stats/index.ts";
import { toPairedStats } from "./paired-stats.ts";
import type { PromptOutcomes } from "./run-matrix-repository.ts";

/** Below this Holm-adjusted p a pair's difference holds with every pair's test counted. */
const ALPHA = 0.05;

/** One run's tallies on the matrix's prompts, with its accuracy and 95% Wilson interval. */
export function runTally(prompts: readonly PromptOutcomes[], run: number) {
  const count = (outcome: MatrixOutcome) =>
    prompts.reduce((n, p) => n + (p.outcomes[run] === outcome ? 1 : 0), 0);
  const passed = count("pass");
  return {
    passed,
    failed: count("fail"),
    errored: count("error"),
    accuracy: prompts.length === 0 ? 0 : passed / prompts.length,
    accuracy_interval: wilsonInterval(passed, prompts.length),
  };
}

/** The paired 2×2 of runs a and b (an error is a wrong answer, as in the runs' accuracy). */
function pairedCounts(prompts: readonly PromptOutcomes[], a: number, b: number) {
  return pairedCountsOf(
    prompts.map(({ outcomes }) => [outcomes[a] === "pass", outcomes[b] === "pass"] as const),
  );
}

/**
 * Every pair of runs (i before j in the list) with the two-run comparison's paired statistics
 * (McNemar's score test, Tango's interval), and the p-values Holm-adjusted together: with ten runs
 * that is 45 tests, and some would pass 5% by chance alone.
 */
export function pairwise(
  prompts: readonly PromptOutcomes[],
  ids: readonly string[],
): RunMatrixPair[] {
  const pairs: { stats: ReturnType<typeof toPairedStats>; i: number; j: number }[] = [];
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++)
      pairs.push({ stats: toPairedStats(pairedCounts(prompts, i, j)), i, j });
  const adjusted = holmAdjust(pairs.map((p) => p.stats.p_value));
  return pairs.map(({ stats, i, j }, k) => {
    const holm = adjusted[k] as number;
    return {
      ...stats,
      evaluation_id_1: ids[i] as string,
      evaluation_id_2: ids[j] as string,
      p_value_holm: holm,
      significant_holm: stats.pairs > 0 && holm < ALPHA,
    };
  });
}
