import { routes } from "@assay/protocol";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { getClient } from "../api/client.ts";
import { download } from "../results/export-results.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { fieldErrors } from "../shared/field-errors.ts";
import { count } from "../shared/format.ts";
import { labelsToCsv, labelsToJsonl, parseLabelsFile, refusalsByLine } from "./labels-file.ts";
import type { JudgeLabels } from "./use-workspace.ts";

/**
 * Labels in and out of the workspace: JSONL (what `assay annotate import` reads) and CSV out;
 * a JSONL file in, all or nothing, with each line the server refused shown with its reason.
 */
export function LabelsTransfer({
  judgeId,
  labels,
  onImported,
}: {
  judgeId: string;
  labels: JudgeLabels;
  /** Labels changed on the server: whatever the page holds of them is out of date. */
  onImported: () => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; lines: number[] } | undefined>();
  const [unreadable, setUnreadable] = useState<{ line: number; message: string }[]>([]);
  const importing = useMutation({
    mutationFn: (items: unknown[]) =>
      // Sent as read: the server checks each line and names the ones it refuses.
      getClient().request(routes.importAnnotations, {
        body: { annotations: items as never },
      }),
    onSuccess: () => {
      onImported();
      return queryClient.invalidateQueries({ queryKey: ["annotate", judgeId] });
    },
  });

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    importing.reset();
    const parsed = parseLabelsFile(await chosen.text());
    setFile({ name: chosen.name, lines: parsed.lines });
    setUnreadable(parsed.unreadable);
    if (parsed.unreadable.length === 0 && parsed.items.length > 0) importing.mutate(parsed.items);
  }

  const refusals = importing.error
    ? refusalsByLine(fieldErrors(importing.error), file?.lines ?? [])
    : [];
  const stamp = new Date().toISOString().slice(0, 10);
  return (
    <section className="labels-transfer" aria-label="Import and export labels">
      <h2>Labels file</h2>
      <div className="transfer-actions">
        <button
          type="button"
          disabled={labels.labels.length === 0}
          onClick={() =>
            download(
              new Blob([labelsToJsonl(labels.labels)], { type: "application/jsonl" }),
              `labels-${judgeId}-${stamp}.jsonl`,
            )
          }
        >
          Export JSONL
        </button>
        <button
          type="button"
          disabled={labels.labels.length === 0}
          onClick={() =>
            download(
              new Blob([labelsToCsv(labels.labels)], { type: "text/csv" }),
              `labels-${judgeId}-${stamp}.csv`,
            )
          }
        >
          Export CSV
        </button>
        <label className="file-button">
          Import JSONL…
          <input
            type="file"
            accept=".jsonl,.json,.txt"
            data-testid="import-file"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = "";
            }}
          />
        </label>
      </div>
      <p className="muted">
        One label a line: <code>{'{"trace_id", "judge_id", "passed", "score"?, "comment"?}'}</code>,
        the format of <code>assay annotate import</code>.
      </p>
      {importing.isPending && <p className="muted">Importing {file?.name}…</p>}
      {importing.data && (
        <p className="notice" role="status" data-testid="import-done">
          Imported {file?.name}: {count(importing.data.data.created)} new,{" "}
          {count(importing.data.data.updated)} replaced
          {importing.data.data.trace_evaluations_created > 0 &&
            `, ${count(importing.data.data.trace_evaluations_created)} traces queued for the judge`}
          .
        </p>
      )}
      {(unreadable.length > 0 || refusals.length > 0) && (
        <div className="line-errors" role="alert" data-testid="import-refusals">
          <p>
            {file?.name} was refused and nothing was imported. Fix these lines and choose it again:
          </p>
          <ul>
            {unreadable.map(({ line, message }) => (
              <li key={`u${line}`}>
                <span className="line-no num">line {line}</span>: {message}
              </li>
            ))}
            {refusals.map(({ line, field, message }) => (
              <li key={`${line} ${field}`}>
                <span className="line-no num">
                  {line === undefined ? "the file" : `line ${line}`}
                </span>
                {field && <code> {field}</code>}: {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {importing.error && refusals.length === 0 && <ErrorMessage error={importing.error} />}
    </section>
  );
}
