import { arcChallenge } from "./arc-challenge.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { gsm8k } from "./gsm8k.ts";
import { hellaswag } from "./hellaswag.ts";
import { mmlu } from "./mmlu.ts";
import { truthfulqaMc1 } from "./truthfulqa-mc1.ts";

/** The benchmarks every installation offers, in catalog order. */
export const BUILTIN_BENCHMARKS: readonly BenchmarkDefinition[] = Object.freeze([
  gsm8k,
  mmlu,
  arcChallenge,
  hellaswag,
  truthfulqaMc1,
]);

/** A built-in benchmark by key (`gsm8k`) or catalog id (its UUID); undefined when unknown. */
export function findBuiltinBenchmark(keyOrId: string): BenchmarkDefinition | undefined {
  return BUILTIN_BENCHMARKS.find(
    (benchmark) => benchmark.key === keyOrId || benchmark.id === keyOrId,
  );
}
