export { arcChallenge } from "./arc-challenge.ts";
export type {
  BenchmarkDefinition,
  BenchmarkFigure,
  BenchmarkFormat,
  BenchmarkPromptRecord,
  BenchmarkScorer,
  BenchmarkScoring,
  BenchmarkSource,
} from "./benchmark-definition.ts";
export { BenchmarkDataError, BenchmarkDownloadError } from "./benchmark-errors.ts";
export { BUILTIN_BENCHMARKS, findBuiltinBenchmark } from "./builtin-benchmarks.ts";
export {
  benchmarkFilePath,
  type DownloadBenchmarkOptions,
  type DownloadedBenchmark,
  downloadBenchmarkFile,
} from "./download-benchmark-file.ts";
export { gsm8k } from "./gsm8k.ts";
export { hellaswag } from "./hellaswag.ts";
export { mmlu } from "./mmlu.ts";
export { type LoadedBenchmark, readBenchmarkFile } from "./read-benchmark-file.ts";
export { truthfulqaMc1 } from "./truthfulqa-mc1.ts";
