export { aime2024, aime2025 } from "./aime.ts";
export { arcAgi2 } from "./arc-agi-2.ts";
export { arcChallenge } from "./arc-challenge.ts";
export { arcEasy } from "./arc-easy.ts";
export { bbh } from "./bbh.ts";
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
export { boolq } from "./boolq.ts";
export { BUILTIN_BENCHMARKS, findBuiltinBenchmark } from "./builtin-benchmarks.ts";
export {
  benchmarkFilePath,
  type DownloadBenchmarkOptions,
  type DownloadedBenchmark,
  downloadBenchmarkFile,
} from "./download-benchmark-file.ts";
export { GPQA_SHUFFLE_SEED, gpqaDiamond, gpqaOrder } from "./gpqa-diamond.ts";
export { gsm8k } from "./gsm8k.ts";
export { hellaswag } from "./hellaswag.ts";
export { humaneval } from "./humaneval.ts";
export { math500 } from "./math-500.ts";
export { mbpp } from "./mbpp.ts";
export { mmlu } from "./mmlu.ts";
export { mmluPro } from "./mmlu-pro.ts";
export { piqa } from "./piqa.ts";
export { type LoadedBenchmark, readBenchmarkFile } from "./read-benchmark-file.ts";
export { simpleqa, simpleqaTopic } from "./simpleqa.ts";
export { truthfulqaMc1 } from "./truthfulqa-mc1.ts";
export { winogrande } from "./winogrande.ts";
