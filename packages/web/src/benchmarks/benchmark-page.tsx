import { type Benchmark, type CatalogBenchmark, isCustomBenchmark } from "@assay/client";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { RunHistory } from "../evaluations/run-history.tsx";
import { ErrorMessage } from "../shared/error-message.tsx";
import { canEvaluate, evaluateHref, groupsOf, kindOf, versionOf } from "./benchmark-facts.ts";
import { BenchmarkStatus } from "./benchmark-status.tsx";
import { PromptBrowser } from "./prompt-browser.tsx";
import { type PromptSearchParams, promptSearchOf } from "./prompt-search.ts";
import { useBenchmark } from "./use-benchmarks.ts";
import "./benchmarks.css";

/** One benchmark: what it is, whether it is ready, and its prompts. */
export function BenchmarkPage({ id, search }: { id: string; search: PromptSearchParams }) {
  const benchmark = useBenchmark(id);
  const navigate = useNavigate();
  const change = useCallback(
    (patch: Partial<PromptSearchParams>) =>
      navigate({
        to: "/benchmarks/$id",
        params: { id },
        search: { ...search, ...patch },
      }),
    [navigate, id, search],
  );

  if (benchmark.isPending) return <p className="muted">Loading…</p>;
  if (benchmark.isError)
    return (
      <section>
        <p>
          <Link to="/benchmarks">← Benchmarks</Link>
        </p>
        <ErrorMessage error={benchmark.error} />
      </section>
    );
  const b = benchmark.data;
  const status = isCustomBenchmark(b) ? b.generation_status : "ready";
  return (
    <section className="benchmarks-view benchmark">
      <p className="crumbs">
        <Link to="/benchmarks">← Benchmarks</Link>
      </p>
      <div className="page-head">
        <h1>{b.name}</h1>
        <span className="num muted">{b.key}</span>
        <BenchmarkStatus benchmark={b} />
        <div className="head-actions">
          {canEvaluate(b) ? (
            <a className="button primary" href={evaluateHref(b)}>
              Evaluate a model on this
            </a>
          ) : null}
        </div>
      </div>
      <Facts benchmark={b} />
      {status === "generating" ? (
        <p className="empty">
          The generator model is writing this benchmark's questions. They appear here when it is
          done; this page checks every 2 seconds.
        </p>
      ) : null}
      {status === "failed" ? (
        <p className="empty">
          No prompts were generated. Fix what the reason above says, then generate the benchmark
          again from the <Link to="/benchmarks">Benchmarks</Link> page.
        </p>
      ) : null}
      <h2>Evaluations</h2>
      <RunHistory of={{ benchmark: b.id }} />
      {status === "ready" ? (
        <>
          <h2>Prompts</h2>
          <PromptBrowser benchmark={b} search={promptSearchOf(search)} onChange={change} />
        </>
      ) : null}
    </section>
  );
}

function Facts({ benchmark: b }: { benchmark: Benchmark }) {
  const groups = groupsOf(b);
  const description = isCustomBenchmark(b) ? b.description : b.full_description || b.description;
  return (
    <dl className="facts benchmark-facts">
      {description ? (
        <>
          <dt>Description</dt>
          <dd>{description}</dd>
        </>
      ) : null}
      <dt>Kind</dt>
      <dd>{kindOf(b)}</dd>
      <dt>Prompts</dt>
      <dd className="num">{b.prompt_count.toLocaleString()}</dd>
      <dt>Scoring</dt>
      <dd>{isCustomBenchmark(b) ? b.scoring_metric : b.scoring.scorer}</dd>
      {isCustomBenchmark(b) ? null : <BuiltinFacts benchmark={b} />}
      {versionOf(b) ? (
        <>
          <dt>Version</dt>
          <dd className="num" title="SHA-256 of the benchmark's data file">
            {versionOf(b)}
          </dd>
        </>
      ) : null}
      {groups.length > 0 ? (
        <>
          <dt>{isCustomBenchmark(b) ? "Documents" : "Categories"}</dt>
          <dd>{groups.join(", ")}</dd>
        </>
      ) : null}
      {isCustomBenchmark(b) && b.kind === "custom" && b.files.length > 0 ? (
        <>
          <dt>File</dt>
          <dd className="num">{b.files.join(", ")}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * What a reviewer needs to judge whether a built-in's numbers compare with published ones: where
 * the data comes from and under which license, what the model is sent, how its answer is taken,
 * and what a run reports besides accuracy.
 */
function BuiltinFacts({ benchmark: b }: { benchmark: CatalogBenchmark }) {
  return (
    <>
      <dt>Answer extraction</dt>
      <dd data-testid="answer-extraction">{b.scoring.answer_extraction}</dd>
      {b.figures.length > 0 ? (
        <>
          <dt>Reports</dt>
          <dd>
            accuracy;{" "}
            {b.figures.map((f, i) => (
              <span key={f.name} title={f.description}>
                {i > 0 ? "; " : ""}
                {f.name.replaceAll("_", " ")}
              </span>
            ))}
          </dd>
        </>
      ) : null}
      <dt>Source</dt>
      <dd>
        <a href={b.source.homepage} rel="noreferrer noopener" target="_blank">
          {b.source.homepage}
        </a>
        <br />
        <span className="muted num" title="the canonical data file">
          {b.source.url}
        </span>
      </dd>
      <dt>License</dt>
      <dd data-testid="license">{b.source.license}</dd>
      {b.source.gated ? (
        <>
          <dt>Gated</dt>
          <dd>
            {b.source.gated} Then: <code>assay catalog import {b.key} --file …</code>
          </dd>
        </>
      ) : null}
      <dt>Prompt template</dt>
      <dd>
        <pre className="prompt-template">{b.scoring.prompt_template}</pre>
      </dd>
    </>
  );
}
