import type { BenchmarkDefinition } from "@assay/server/src/catalog/benchmarks/index.ts";

/**
 * A built-in's definition fitted to a small copy of its canonical file: the copy's prompt count
 * (the catalog insists on the canonical split's), and no pinned sha256 (a copy's bytes are not the
 * canonical ones). Everything else, the mapping and scoring above all, is the built-in's own.
 */
export function fixtureDefinition<Raw>(
  definition: BenchmarkDefinition<Raw>,
  promptCount: number,
): BenchmarkDefinition<Raw> {
  return {
    ...definition,
    prompt_count: promptCount,
    source: { ...definition.source, sha256: undefined },
  };
}
