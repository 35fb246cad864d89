import { Link } from "@tanstack/react-router";
import { StatusBadge } from "../evaluations/status-badge.tsx";
import { ScorerSummary } from "../scorers/scorer-summary.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { dateTime } from "../shared/format.ts";
import { isClustered, repeatsOf } from "../shared/repeats.ts";
import { isFinished, useEvaluation } from "../shared/use-evaluation.ts";
import { useIsOwner } from "../shared/use-owner.ts";
import { CancelButton } from "./cancel-button.tsx";
import { ForestPlot } from "./forest-plot.tsx";
import { Headline, headlineNumbers } from "./headline.tsx";
import { Histograms } from "./histograms.tsx";
import { MetricsTable } from "./metrics-table.tsx";
import { PublishToggle } from "./publish-toggle.tsx";
import { RepeatsSection } from "./repeats-section.tsx";
import { Reproducibility } from "./reproducibility.tsx";
import { ScorerWarning } from "./scorer-warning.tsx";
import { SubsetsTable } from "./subsets-table.tsx";
import { useResultSample, useRunInputs } from "./use-evaluation.ts";
import { useLiveProgress } from "./use-live-progress.ts";
import "./publish.css";

export function EvaluationPage({ id }: { id: string }) {
  // The live stream is tried first; if it breaks, the page polls instead (useEvaluation's `poll`).
  // Another organization's (public) evaluation has no stream for this key (it is the owner
  // project's) and its model and benchmark are not readable: it is polled, and they are not asked.
  const first = useEvaluation(id, false);
  const owner = useIsOwner(first.data);
  const running = first.data ? !isFinished(first.data) : false;
  const live = useLiveProgress(id, running && owner === true);
  const evaluation = useEvaluation(id, live.error !== undefined || owner === false);
  const inputs = useRunInputs(owner ? evaluation.data : undefined);
  const sample = useResultSample(evaluation.data);

  if (evaluation.isPending) return <p className="muted">Loading…</p>;
  if (evaluation.isError) return <ErrorMessage error={evaluation.error} />;
  const e = evaluation.data;
  const numbers = headlineNumbers(e, live.latest);
  const finished = isFinished(numbers);
  // A failed run measured nothing: its reason, what it was and its answers; no figures.
  const failed = numbers.status === "failure";
  const repeats = repeatsOf(e);

  return (
    <section className="evaluation">
      <p className="small">
        {owner === false ? (
          <Link to="/public/evaluations">← Public evaluations</Link>
        ) : (
          <Link to="/evaluations">← Evaluations</Link>
        )}
      </p>
      <div className="page-head">
        <h1>
          {e.model_name} <span className="muted">on</span> {e.dataset_name}
        </h1>
        <StatusBadge status={numbers.status} />
        {!finished && owner ? <CancelButton id={e.id} /> : null}
      </div>
      <p className="muted small">
        submitted {dateTime(e.submitted_at)}
        {e.finished_at ? ` · finished ${dateTime(e.finished_at)}` : ""}
        {e.status_description && !failed ? ` · ${e.status_description}` : ""}
      </p>
      {failed ? (
        <p className="error" role="alert" data-testid="failure-reason">
          This evaluation failed: {e.status_description || "no reason was recorded"}
        </p>
      ) : null}
      {/* Nothing to publish in a failed run: no figure, and answers that are all errors. */}
      {owner ? (
        failed ? null : (
          <PublishToggle evaluation={e} />
        )
      ) : (
        <p className="foreign-note small" data-testid="foreign-note">
          Published by another organization: you can read it and its results, and compare it with
          yours. Only its owner can cancel it or make it private.
        </p>
      )}
      <nav className="view-links">
        {/* In the app, not a new page load: the results of a large run are read page by page,
            and a reload would spend more time starting the app than reading its first page. */}
        <Link to="/evaluations/$id/results" params={{ id: e.id }}>
          Results, prompt by prompt →
        </Link>
        <a href={`/ui/compare?a=${e.id}`}>Compare with another run →</a>
      </nav>

      {failed ? null : (
        <Headline
          numbers={numbers}
          stderr={e.assay.accuracy_stderr}
          repeats={{ repeats, clustered: isClustered(e) }}
        />
      )}
      <ScorerWarning evaluation={e} benchmark={inputs.benchmark.data} />
      {finished && !failed ? <ScorerSummary evaluation={e} /> : null}
      {live.error ? (
        <p className="muted small">Live updates were interrupted; refreshing every 2 s instead.</p>
      ) : null}

      {failed ? null : (
        <>
          {repeats > 1 ? (
            <>
              <h2>Repeats</h2>
              <RepeatsSection evaluation={e} />
            </>
          ) : null}

          <h2>Accuracy per subset</h2>
          {finished ? (
            <>
              <ForestPlot evaluation={e} />
              {repeats > 1 && e.assay.subsets.length > 1 ? <SubsetsTable evaluation={e} /> : null}
            </>
          ) : (
            <p className="muted">Shown when the evaluation has finished.</p>
          )}

          <h2>Metrics</h2>
          {finished ? (
            <MetricsTable evaluation={e} />
          ) : (
            <p className="muted">Shown when the evaluation has finished.</p>
          )}

          <h2>Distributions per {repeats > 1 ? "answer" : "prompt"}</h2>
          {!finished ? <p className="muted">Shown when the evaluation has finished.</p> : null}
          {sample.isPending && sample.fetchStatus === "fetching" ? (
            <p className="muted">Reading the results…</p>
          ) : null}
          {sample.isError ? <ErrorMessage error={sample.error} /> : null}
          {sample.data ? (
            <Histograms
              results={sample.data.results}
              total={sample.data.total}
              model={inputs.model.data}
              unit={sample.data.unit}
            />
          ) : null}
        </>
      )}

      <h2>Reproducibility</h2>
      <Reproducibility
        evaluation={e}
        model={inputs.model}
        benchmark={inputs.benchmark}
        progress={numbers}
      />
    </section>
  );
}
