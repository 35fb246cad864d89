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

export function kindOf(benchmark: Benchmark): "built-in" | "custom" | "smart" {
  return isCustomBenchmark(benchmark) ? benchmark.kind : "built-in";
}

/** Built-in data is versioned by the SHA-256 of its source file, once downloaded. */
export function versionOf(benchmark: Benchmark): string | undefined {
  return isCustomBenchmark(benchmark) ? undefined : (benchmark.version?.slice(0, 12) ?? undefined);
}

/**
 * What a benchmark's prompts are grouped by: a built-in one's categories; a smart one's
 * documents (each generated prompt's subset is its document).
 */
export function groupsOf(benchmark: Benchmark): string[] {
  if (!isCustomBenchmark(benchmark)) return benchmark.categories;
  return benchmark.kind === "smart" ? benchmark.files : [];
}

/** Where "evaluate a model on this" goes: the start-an-evaluation form, benchmark chosen. */
export function evaluateHref(benchmark: Benchmark): string {
  return `/ui/evaluations/new?benchmark=${encodeURIComponent(benchmark.id)}`;
}

export function canEvaluate(benchmark: Benchmark): boolean {
  return !isCustomBenchmark(benchmark) || benchmark.generation_status === "ready";
}
