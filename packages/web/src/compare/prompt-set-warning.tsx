import type { ComparisonPage } from "@assay/client";
import { useEvaluation } from "../shared/use-evaluation.ts";

/**
 * Both runs must have answered the same prompts for the comparison to be the whole story. Two
 * ways it can fail: the benchmark's data was reloaded between the runs (each evaluation records the
 * version it ran), or prompts of one side have no counterpart (a `limit`, a run still going).
 */
export function PromptSetWarning({
  comparison,
  a,
  b,
}: {
  comparison: ComparisonPage;
  a: string;
  b: string;
}) {
  const runA = useEvaluation(a).data?.assay;
  const runB = useEvaluation(b).data?.assay;
  const versionA = runA?.benchmark_version;
  const versionB = runB?.benchmark_version;
  // Pairs are prompts; a run with repeats has that many answers per prompt.
  const promptsA = Math.floor(comparison.totalResults1 / (runA?.options.repeats ?? 1));
  const promptsB = Math.floor(comparison.totalResults2 / (runB?.options.repeats ?? 1));
  const pairs = comparison.stats.pairs;
  const versionsDiffer = Boolean(versionA && versionB && versionA !== versionB);
  const unpaired = Boolean(runA && runB) && (pairs !== promptsA || pairs !== promptsB);
  return (
    <>
      {versionsDiffer ? (
        <p className="warning" role="status" data-testid="version-warning">
          The two runs used different versions of the benchmark's data (A{" "}
          <code>{versionA?.slice(0, 12)}</code>, B <code>{versionB?.slice(0, 12)}</code>): prompts
          that changed between them are compared as if they were the same.
        </p>
      ) : null}
      {unpaired ? (
        <p className="warning" role="status">
          The two runs did not answer the same prompts — a limit, a run not finished, or a different
          benchmark version: A answered {promptsA} prompts, B answered {promptsB}, and only {pairs}{" "}
          pair up. Everything below is about those {pairs}.
        </p>
      ) : null}
    </>
  );
}
