import { aime2024, aime2025 } from "./aime.ts";
import { arcAgi2 } from "./arc-agi-2.ts";
import { arcChallenge } from "./arc-challenge.ts";
import { arcEasy } from "./arc-easy.ts";
import { bbh } from "./bbh.ts";
import type { BenchmarkDefinition } from "./benchmark-definition.ts";
import { boolq } from "./boolq.ts";
import { gpqaDiamond } from "./gpqa-diamond.ts";
import { gsm8k } from "./gsm8k.ts";
import { hellaswag } from "./hellaswag.ts";
import { humaneval } from "./humaneval.ts";
import { ifeval } from "./ifeval.ts";
import { math500 } from "./math-500.ts";
import { mbpp } from "./mbpp.ts";
import { mmlu } from "./mmlu.ts";
import { mmluPro } from "./mmlu-pro.ts";
import { piqa } from "./piqa.ts";
import { simpleqa } from "./simpleqa.ts";
import { truthfulqaMc1 } from "./truthfulqa-mc1.ts";
import { winogrande } from "./winogrande.ts";

/** The benchmarks every installation offers, in catalog order. */
export const BUILTIN_BENCHMARKS: readonly BenchmarkDefinition[] = Object.freeze([
  gsm8k,
  mmlu,
  arcChallenge,
  hellaswag,
  truthfulqaMc1,
  mmluPro,
  gpqaDiamond,
  math500,
  aime2024,
  aime2025,
  ifeval,
  bbh,
  arcAgi2,
  arcEasy,
  winogrande,
  piqa,
  boolq,
  simpleqa,
  humaneval,
  mbpp,
]);

/** A built-in benchmark by key (`gsm8k`) or catalog id (its UUID); undefined when unknown. */
export function findBuiltinBenchmark(keyOrId: string): BenchmarkDefinition | undefined {
  return BUILTIN_BENCHMARKS.find(
    (benchmark) => benchmark.key === keyOrId || benchmark.id === keyOrId,
  );
}
