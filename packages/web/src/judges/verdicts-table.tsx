import type { ListedTraceEvaluation, TraceWithEvaluations } from "@assay/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Pager } from "../evaluations/pager.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { usd } from "../shared/format.ts";
import { isUnfinished, useJudgedTraces, useVerdicts, VERDICT_PAGE_SIZE } from "./use-judges.ts";

/**
 * The judge's runs, newest first: the trace, the version that judged it, pass or fail with the
 * score, and the reasoning (opened on demand). A verdict on a trace cut to fit the model's context
 * says so. While any run on the page is pending or running, the page polls and shows how far along
 * the runs are.
 */
export function VerdictsTable({ judgeId }: { judgeId: string }) {
  const [page, setPage] = useState(1);
  const verdicts = useVerdicts(judgeId, page);
  const judged = useJudgedTraces(judgeId);
  const unfinished = verdicts.data?.traceEvaluations.filter(isUnfinished).length;
  const queryClient = useQueryClient();
  // Traces carry their latest verdicts (here and in the picker): read them again as runs end.
  useEffect(() => {
    if (unfinished !== undefined) void queryClient.invalidateQueries({ queryKey: ["traces"] });
  }, [unfinished, queryClient]);
  if (verdicts.isPending) return <p className="muted">Loading…</p>;
  if (verdicts.isError) return <ErrorMessage error={verdicts.error} />;
  const runs = verdicts.data.traceEvaluations;
  const traces = new Map((judged.data?.traces ?? []).map((t) => [t.id, t]));
  if (runs.length === 0)
    return (
      <p className="empty">
        No runs of this judge yet. Pick traces above and run it; its verdicts appear here.
      </p>
    );
  return (
    <>
      <Progress runs={runs} pageOnly={verdicts.data.totalCount > runs.length} />
      <div className="table-scroll">
        <table className="evaluations verdicts-table">
          <thead>
            <tr>
              <th>Trace</th>
              <th>Version</th>
              <th>Verdict</th>
              <th className="right">Score</th>
              <th>Reasoning</th>
              <th className="right">Cost</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <VerdictRow key={run.id} run={run} trace={traces.get(run.trace_id)} />
            ))}
          </tbody>
        </table>
      </div>
      {verdicts.data.totalCount > VERDICT_PAGE_SIZE ? (
        <Pager
          page={page}
          pageSize={VERDICT_PAGE_SIZE}
          totalCount={verdicts.data.totalCount}
          onPage={setPage}
          noun="runs"
        />
      ) : null}
    </>
  );
}

/**
 * How far the runs on the page are: a bar while any is unfinished, else a tally. With more runs
 * than a page, it says it counts this page (the newest runs, those of the latest run first).
 */
function Progress({
  runs,
  pageOnly,
}: {
  runs: readonly ListedTraceEvaluation[];
  pageOnly: boolean;
}) {
  const where = pageOnly ? " on this page" : "";
  const unfinished = runs.filter(isUnfinished).length;
  const failed = runs.filter((r) => r.status === "failure").length;
  const passed = runs.filter((r) => r.result?.passed === true).length;
  const judged = runs.filter((r) => r.result !== undefined).length;
  const done = runs.length - unfinished;
  return (
    <div className="verdict-progress" aria-live="polite" data-testid="verdict-progress">
      {unfinished > 0 ? (
        <>
          <progress max={runs.length} value={done} aria-label="runs finished" />
          <span>
            {done} of {runs.length} finished{where} · {unfinished} pending or running
          </span>
        </>
      ) : (
        <span>
          All {runs.length} finished{where} · {passed} of {judged} passed
          {failed > 0 ? ` · ${failed} failed to get a verdict` : ""}
        </span>
      )}
    </div>
  );
}

function VerdictRow({
  run,
  trace,
}: {
  run: ListedTraceEvaluation;
  trace: TraceWithEvaluations | undefined;
}) {
  const result = run.result;
  return (
    <tr data-run-id={run.id} data-status={run.status}>
      <td>
        <a href={`/ui/traces/${run.trace_id}`} title={`trace ${run.trace_id}`}>
          {trace ? snippet(trace.input ?? "", 60) || "(no input)" : <code>{run.trace_id}</code>}
        </a>
        {trace ? (
          <div className="muted small">
            {trace.filename} #{trace.position}
          </div>
        ) : null}
      </td>
      <td className="muted">{run.judge_snapshot ? `v${run.judge_snapshot.version}` : "—"}</td>
      <td>
        {result ? (
          <span className={`status ${result.passed ? "status-success" : "status-failure"}`}>
            {result.passed ? "pass" : "fail"}
          </span>
        ) : (
          <span className={`status status-${run.status.replace("_", "-")}`}>
            {run.status === "in_progress"
              ? "running"
              : run.status === "failure"
                ? "error"
                : "pending"}
          </span>
        )}
        {result?.truncated ? (
          <span
            className="truncated-flag"
            title="The trace was longer than the judge model's context: its middle was cut, so the judge did not see all of it."
          >
            truncated
          </span>
        ) : null}
      </td>
      <td className="right num">{result ? result.score.toFixed(2) : "—"}</td>
      <td className="reasoning">
        {result ? (
          <details>
            <summary>
              <span className="preview">{snippet(result.reasoning, 90) || "(no reasoning)"}</span>
              <span className="open-label muted">reasoning</span>
            </summary>
            <p>{result.reasoning}</p>
          </details>
        ) : run.status === "failure" ? (
          <span className="error-text small">{run.status_description}</span>
        ) : (
          <span className="muted">…</span>
        )}
      </td>
      <td className="right num muted">
        {result === undefined ? (
          ""
        ) : result.total_cost > 0 ? (
          usd(result.total_cost)
        ) : (
          <span title="no prices for this model">—</span>
        )}
      </td>
    </tr>
  );
}

/** A text's first line, cut to `length` characters, for a closed row. */
function snippet(text: string, length: number): string {
  const line = text.split("\n", 1)[0] ?? "";
  return line.length > length ? `${line.slice(0, length)}…` : line;
}
