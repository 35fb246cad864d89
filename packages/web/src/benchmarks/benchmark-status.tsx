import { type Benchmark, isCustomBenchmark } from "@assay/client";

/**
 * Whether a benchmark can be evaluated on: built-in and custom ones are ready; a smart one is
 * generating until its job has written the prompts, or failed with the reason, which is shown.
 */
export function BenchmarkStatus({ benchmark }: { benchmark: Benchmark }) {
  if (!isCustomBenchmark(benchmark)) {
    return (
      <span className="benchmark-status">
        <span className="status status-ready">ready</span>
        {benchmark.loaded ? null : (
          <span className="muted small"> data downloads on first use</span>
        )}
      </span>
    );
  }
  const status = benchmark.generation_status;
  return (
    <span className="benchmark-status">
      <span className={`status status-${status}`}>
        {status === "generating" ? <span className="spinner" aria-hidden="true" /> : null}
        {status}
      </span>
      {benchmark.status_description ? (
        <span
          className={status === "failed" ? "status-reason failed" : "status-reason muted small"}
        >
          {benchmark.status_description}
        </span>
      ) : null}
    </span>
  );
}
