import type { JudgeVersion } from "@assay/protocol";
import { useMemo } from "react";
import { wordDiff } from "../compare/word-diff.ts";
import { dateTime } from "../shared/format.ts";

/**
 * The judge's versions, newest first, each with who made it and when, and its goal as a word
 * diff from the version before (the first shows its whole goal). A change of name or model is
 * said in words.
 */
export function GoalVersions({ versions }: { versions: readonly JudgeVersion[] }) {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return (
    <ol className="goal-versions">
      {newestFirst.map((version) => {
        const previous = versions.find((v) => v.version === version.version - 1);
        return <VersionItem key={version.version} version={version} previous={previous} />;
      })}
    </ol>
  );
}

function VersionItem({ version, previous }: { version: JudgeVersion; previous?: JudgeVersion }) {
  const diff = useMemo(
    () => (previous ? wordDiff(previous.evaluation_goal, version.evaluation_goal) : undefined),
    [previous, version.evaluation_goal],
  );
  const changes: string[] = [];
  if (previous && previous.name !== version.name) changes.push(`renamed from “${previous.name}”`);
  if (previous && previous.model_id !== version.model_id)
    changes.push(`model ${previous.model_name ?? "default"} → ${version.model_name ?? "default"}`);
  const goalChanged = diff?.some((part) => part.kind !== "same") ?? false;
  return (
    <li data-version={version.version}>
      <div className="version-head small">
        <strong>v{version.version}</strong>{" "}
        <span className="muted">
          {dateTime(version.updated_at)} · by <code>{version.updated_by}</code>
          {version.model_name ? ` · ${version.model_name}` : ""}
        </span>
        {changes.length > 0 ? <span> · {changes.join(" · ")}</span> : null}
        {previous && !goalChanged ? <span className="muted"> · goal unchanged</span> : null}
      </div>
      {diff === undefined ? (
        <p className="goal-text">{version.evaluation_goal}</p>
      ) : goalChanged ? (
        <p className="goal-text goal-diff" title={`changes from v${previous?.version}`}>
          {diff.map((part, i) =>
            part.kind === "same" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional and never reorder
              <span key={i}>{part.text}</span>
            ) : part.kind === "removed" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <del key={i}>{part.text}</del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <ins key={i}>{part.text}</ins>
            ),
          )}
        </p>
      ) : null}
    </li>
  );
}
