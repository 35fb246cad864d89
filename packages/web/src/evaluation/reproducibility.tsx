import type { Benchmark, Evaluation, Model } from "@assay/protocol";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { readableError } from "../shared/readable-error.ts";
import { RequestSent, SamplingAsked } from "./run-request.tsx";

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Unavailable({ query }: { query: UseQueryResult<unknown> }) {
  // Not asked: another organization's evaluation, whose model and benchmark stay its own.
  if (query.isPending && query.fetchStatus === "idle")
    return <span className="muted">kept by the organization that ran it</span>;
  if (query.isPending) return <span className="muted">…</span>;
  return <span className="muted">not readable ({readableError(query.error)})</span>;
}

function modelFacts(model: Model) {
  if ("api_url" in model) {
    const extra = Object.keys(model.extra_payload).length
      ? JSON.stringify(model.extra_payload)
      : "none";
    return (
      <>
        <Fact name="Model endpoint">
          <code>{model.api_url}</code>
          {model.provider_model ? (
            <>
              {" "}
              as <code>{model.provider_model}</code>
            </>
          ) : null}
        </Fact>
        {/* The model's settings today; what this run sent is "Request sent" below. */}
        <Fact name="Model settings now">
          <code>max_tokens {model.max_tokens}</code>, extra payload <code>{extra}</code>
        </Fact>
      </>
    );
  }
  return (
    <Fact name="Provider">
      {model.provider}
      {model.cost_per_input_token !== null
        ? ` · $${model.cost_per_input_token} in / $${model.cost_per_output_token} out per token`
        : ""}
    </Fact>
  );
}

/** A data version (sha256) short enough to read, whole on hover. */
function Version({ sha256 }: { sha256: string }) {
  return (
    <code title={`sha256 of the benchmark's source file: ${sha256}`}>{sha256.slice(0, 16)}</code>
  );
}

/** The version the run recorded when it was created, against the catalog's current data. */
function CatalogVersion({ ran, current }: { ran: string | null; current: string | null }) {
  if (ran === null)
    return current ? (
      <>
        not recorded (an older run); the catalog's data is now <Version sha256={current} />
      </>
    ) : (
      <>not recorded</>
    );
  return (
    <>
      <Version sha256={ran} />{" "}
      {current === ran ? (
        <span className="muted">(the catalog's current data)</span>
      ) : (
        <span className="warn" data-testid="version-changed">
          — the catalog's data has changed since
          {current ? (
            <>
              {" "}
              (now <Version sha256={current} />)
            </>
          ) : null}
          : a rerun would answer different prompts
        </span>
      )}
    </>
  );
}

function benchmarkFacts(benchmark: Benchmark, ran: string | null) {
  if ("scoring_metric" in benchmark) {
    return (
      <>
        <Fact name="Benchmark version">custom upload (its prompts never change)</Fact>
        <Fact name="Scorer">
          <code>{benchmark.scoring_metric}</code>
          {benchmark.regex_pattern ? (
            <>
              {" "}
              <code>{benchmark.regex_pattern}</code>
            </>
          ) : null}
        </Fact>
        <Fact name="System prompt">
          {benchmark.system_prompt ? <pre>{benchmark.system_prompt}</pre> : "none"}
        </Fact>
      </>
    );
  }
  return (
    <>
      <Fact name="Benchmark version">
        <CatalogVersion ran={ran} current={benchmark.version} />
      </Fact>
      <Fact name="Scorer">
        <code>{benchmark.scoring.scorer}</code>, extraction{" "}
        <code>{benchmark.scoring.answer_extraction}</code>
      </Fact>
      <Fact name="Prompt template">
        <pre>{benchmark.scoring.prompt_template}</pre>
      </Fact>
    </>
  );
}

/** Everything needed to rerun the evaluation, and to trust a comparison with another. */
export function Reproducibility(props: {
  evaluation: Evaluation;
  model: UseQueryResult<Model>;
  benchmark: UseQueryResult<Benchmark>;
  /** The newest counters (the live stream's while the run lasts). */
  progress: { done: number; cached: number };
}) {
  const { evaluation, model, benchmark, progress } = props;
  const { options } = evaluation.assay;
  return (
    <dl className="facts" data-testid="reproducibility">
      <Fact name="Model">
        <code>{evaluation.model_key}</code>
        {evaluation.model_name !== evaluation.model_key ? ` (${evaluation.model_name})` : null}
      </Fact>
      {model.data ? (
        modelFacts(model.data)
      ) : (
        <Fact name="Model details">{<Unavailable query={model} />}</Fact>
      )}
      <Fact name="Benchmark">
        {evaluation.dataset_name}
        {benchmark.data ? (
          <>
            {" "}
            <code>{benchmark.data.key}</code>
          </>
        ) : null}
      </Fact>
      {benchmark.data ? (
        benchmarkFacts(benchmark.data, evaluation.assay.benchmark_version)
      ) : (
        <>
          <Fact name="Benchmark details">
            <Unavailable query={benchmark} />
          </Fact>
          {evaluation.assay.benchmark_version ? (
            <Fact name="Benchmark version">
              <Version sha256={evaluation.assay.benchmark_version} />
            </Fact>
          ) : null}
        </>
      )}
      <Fact name="Run options">
        <code>
          concurrency {options.concurrency} · limit {options.limit ?? "none"} · cache{" "}
          {options.cache ? "on" : "off"}
          {options.repeats > 1 ? ` · repeats ${options.repeats}` : ""}
        </code>
      </Fact>
      <Fact name="Sampling asked">
        <SamplingAsked options={options} />
      </Fact>
      <Fact name="Request sent">
        <RequestSent request={options.request} />
      </Fact>
      <Fact name="Cache hits">
        {options.repeats > 1 ? (
          <>
            {progress.cached} of {progress.done} answers done{" "}
            <span className="muted">(repeats are always asked, never served from the cache)</span>
          </>
        ) : (
          <>
            {progress.cached} of {progress.done} prompts done
          </>
        )}
      </Fact>
      <Fact name="Evaluation id">
        <code>{evaluation.id}</code>
      </Fact>
    </dl>
  );
}
