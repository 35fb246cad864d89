import type { Annotation } from "@assay/protocol";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { getClient } from "../api/client.ts";
import { ErrorMessage } from "../shared/error-message.tsx";
import { fieldErrors } from "../shared/field-errors.ts";
import { TraceViewer } from "../traces/trace-viewer.tsx";
import { AgreementPanel } from "./agreement-panel.tsx";
import type { AnnotateSearch, Cell } from "./annotate-search.ts";
import { CellList } from "./cell-list.tsx";
import { draftOf, type LabelDraft, LabelForm, labelBody } from "./label-form.tsx";
import { LabelsTransfer } from "./labels-transfer.tsx";
import { QueueProgress } from "./queue-progress.tsx";

import { useLabelKeys } from "./use-label-keys.ts";
import {
  judgeLabelsQuery,
  judgeQueueQuery,
  traceQuery,
  useJudge,
  verdictQuery,
} from "./use-workspace.ts";
import { VerdictPanel } from "./verdict-panel.tsx";
import "./annotate.css";

/** Items read ahead of the one on screen, so moving on never waits for the network. */
const PREFETCH = 3;

/** One trace of the queue, labelled through the trace evaluation that carries its verdict. */
interface QueueItem {
  traceId: string;
  evaluationId: string;
}

/**
 * The annotation workspace of one judge: its traces one at a time in queue order (unlabelled,
 * then disagreements, then the rest), labelled by keyboard, with the judge's verdict hidden until
 * labelled in blind mode; beside it the live agreement and the labels file.
 */
export function AnnotatePage({ id, search }: { id: string; search: AnnotateSearch }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const judge = useJudge(id);
  const served = useQuery(judgeQueueQuery(id));
  const labels = useQuery(judgeLabelsQuery(id));
  const blind = search.blind !== "off";

  // The order is fixed when the page opens: labelling a trace must not reshuffle the queue.
  const [queue, setQueue] = useState<QueueItem[] | undefined>();
  const [position, setPosition] = useState(0);
  // Labels put from this page, shown at once while the list of labels is read again.
  const [local, setLocal] = useState<ReadonlyMap<string, Annotation>>(new Map());
  useEffect(() => {
    if (!served.data) return;
    const built = served.data.map((item) => ({
      traceId: item.trace_id,
      evaluationId: item.trace_evaluation_id,
    }));
    setQueue((held) => {
      if (!held) return built;
      const known = new Set(held.map((item) => item.traceId));
      const added = built.filter((item) => !known.has(item.traceId));
      return added.length === 0 ? held : [...held, ...added];
    });
  }, [served.data]);

  const item = queue?.[position];
  const labelOf = (traceId: string) => local.get(traceId) ?? labels.data?.byTrace.get(traceId);
  const label = item ? labelOf(item.traceId) : undefined;
  const trace = useQuery({ ...traceQuery(item?.traceId ?? ""), enabled: item !== undefined });
  const verdict = useQuery({
    ...verdictQuery(item?.evaluationId ?? ""),
    enabled: item !== undefined,
  });

  useEffect(() => {
    if (!queue) return;
    for (const next of queue.slice(position + 1, position + 1 + PREFETCH)) {
      void queryClient.prefetchQuery(traceQuery(next.traceId));
      void queryClient.prefetchQuery(verdictQuery(next.evaluationId));
    }
  }, [queue, position, queryClient]);

  // What is typed belongs to its trace: another trace starts from its own label.
  const [edit, setEdit] = useState<{ traceId: string; draft: LabelDraft } | undefined>();
  const draft = item && edit?.traceId === item.traceId ? edit.draft : draftOf(label);
  const setDraft = (next: LabelDraft) => {
    if (item) setEdit({ traceId: item.traceId, draft: next });
  };

  const put = useMutation({
    mutationFn: (args: { item: QueueItem; passed: boolean; draft: LabelDraft }) =>
      getClient().annotations.put(args.item.evaluationId, labelBody(args.passed, args.draft)),
    onSuccess: (annotation, args) => {
      setLocal((held) => new Map(held).set(args.item.traceId, annotation));
      void queryClient.invalidateQueries({ queryKey: ["annotate", id, "labels"] });
    },
  });

  const commentRef = useRef<HTMLTextAreaElement>(null);
  const scoreRef = useRef<HTMLInputElement>(null);
  const move = (step: 1 | -1) => {
    if (!queue) return;
    put.reset();
    setPosition((p) => Math.min(queue.length - 1, Math.max(0, p + step)));
  };
  const labelAs = (passed: boolean) => {
    if (item && !put.isPending) put.mutate({ item, passed, draft });
  };
  useLabelKeys({
    label: labelAs,
    focusComment: () => commentRef.current?.focus(),
    focusScore: () => scoreRef.current?.focus(),
    move,
  });

  /** Leaving the score or comment box saves it on a labelled trace, if it changed. */
  const saveDraft = () => {
    if (!item || !label || put.isPending) return;
    const saved = draftOf(label);
    if (saved.score === draft.score.trim() && saved.comment === draft.comment.trim()) return;
    put.mutate({ item, passed: label.passed, draft });
  };

  const setSearch = (next: AnnotateSearch) =>
    navigate({ to: "/judges/$id/annotate", params: { id }, search: next, replace: true });
  const openCell = (cell: Cell | undefined) => setSearch({ ...search, cell });
  const openTrace = (traceId: string) => {
    const at = queue?.findIndex((candidate) => candidate.traceId === traceId) ?? -1;
    if (at >= 0) setPosition(at);
  };

  const error = judge.error ?? served.error ?? labels.error;
  const labelled = queue?.filter((candidate) => labelOf(candidate.traceId)).length ?? 0;
  return (
    <main className="page annotate-page">
      <header className="annotate-header">
        <p>
          <a href={`/ui/judges/${id}`}>← {judge.data?.name ?? "the judge"}</a>
        </p>
        <h1>Label traces{judge.data && <span className="muted"> for {judge.data.name}</span>}</h1>
        <label className="blind-toggle">
          <input
            type="checkbox"
            checked={blind}
            onChange={(event) =>
              setSearch({ ...search, blind: event.target.checked ? undefined : "off" })
            }
          />{" "}
          Blind mode: hide the judge's verdict until I have labelled
        </label>
        {queue && <QueueProgress labelled={labelled} total={queue.length} position={position} />}
      </header>
      {error && <ErrorMessage error={error} />}
      {!queue && !error && <p className="muted">Loading the queue…</p>}
      {queue && queue.length === 0 && (
        <p className="empty">
          This judge has not judged any trace yet. Run it on traces from{" "}
          <a href={`/ui/judges/${id}`}>the judge's page</a>, or import labels below: each imported
          trace is queued for the judge.
        </p>
      )}
      <div className="annotate-columns">
        {item && (
          <div className="annotate-item" data-testid="trace-panel" data-trace-id={item.traceId}>
            <section className="trace-box" aria-label="The trace">
              {trace.error && <ErrorMessage error={trace.error} />}
              {trace.data ? <TraceViewer trace={trace.data} /> : <p className="muted">Loading…</p>}
            </section>
            <LabelForm
              label={label}
              draft={draft}
              onDraft={setDraft}
              onLabel={labelAs}
              onLeaveBox={saveDraft}
              saving={put.isPending}
              errors={fieldErrors(put.error)}
              commentRef={commentRef}
              scoreRef={scoreRef}
            />
            {put.error && fieldErrors(put.error).size === 0 && <ErrorMessage error={put.error} />}
            <VerdictPanel
              verdict={verdict.data}
              label={label}
              blind={blind}
              loading={verdict.isPending}
            />
            {position === queue.length - 1 && label && (
              <p className="notice" role="status">
                End of the queue{labelled === queue.length && ": every trace is labelled"}.
              </p>
            )}
            <p className="keys muted">
              <kbd>p</kbd> pass · <kbd>f</kbd> fail · <kbd>s</kbd> score · <kbd>c</kbd> comment ·{" "}
              <kbd>Esc</kbd> leave a box · <kbd>n</kbd>/<kbd>j</kbd>/<kbd>→</kbd> next ·{" "}
              <kbd>k</kbd>/<kbd>←</kbd> previous
            </p>
          </div>
        )}
        {labels.data && (
          <aside className="annotate-side">
            <AgreementPanel
              agreement={labels.data.agreement}
              confusion={labels.data.confusion}
              byVersion={labels.data.byVersion}
              cell={search.cell}
              onCell={openCell}
            />
            {search.cell && (
              <CellList
                cell={search.cell}
                labels={labels.data.labels}
                onOpen={openTrace}
                onClose={() => openCell(undefined)}
              />
            )}
            <LabelsTransfer
              judgeId={id}
              labels={labels.data}
              onImported={() => setLocal(new Map())}
            />
          </aside>
        )}
      </div>
    </main>
  );
}
