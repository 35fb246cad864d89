import type { ComparisonPage } from "@assay/client";

/**
 * Both runs must have answered the same prompts for the comparison to be the whole story. An
 * evaluation does not record which version of its benchmark it ran, but a re-uploaded benchmark,
 * a `limit` or a run still going all show the same way: prompts of one side with no counterpart.
 */
export function PromptSetWarning({ comparison }: { comparison: ComparisonPage }) {
  const { totalResults1, totalResults2 } = comparison;
  const pairs = comparison.stats.pairs;
  if (pairs === totalResults1 && pairs === totalResults2) return null;
  return (
    <p className="warning" role="status">
      The two runs did not answer the same prompts — a different benchmark version, a limit, or a
      run not finished: A answered {totalResults1}, B answered {totalResults2}, and only {pairs}{" "}
      pair up. Everything below is about those {pairs}.
    </p>
  );
}
