import { type Benchmark, isCustomBenchmark } from "@assay/client";

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
