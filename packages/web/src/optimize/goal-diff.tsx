import { useMemo } from "react";
import { wordDiff } from "../compare/word-diff.ts";

/** The goal before and after, as a word diff: struck words removed, underlined words added. */
export function GoalDiff({ before, after }: { before: string; after: string }) {
  const parts = useMemo(() => wordDiff(before, after), [before, after]);
  return (
    <div className="goal-diff goal-text" data-testid="goal-diff">
      {parts.map((part, i) =>
        part.kind === "same" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts have no identity but order
          <span key={i}>{part.text}</span>
        ) : part.kind === "removed" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <del key={i}>{part.text}</del>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ins key={i}>{part.text}</ins>
        ),
      )}
    </div>
  );
}
