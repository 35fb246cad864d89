// Judge optimization: one run of engine/optimizer over a store port, from the labels people gave
// the judge to the stored result. Pure of HTTP, SQL and storage: the job hands in the store and
// the two models.
export type {
  JudgeOptimizationStore,
  OpenOptimizationModels,
  OptimizationModels,
  OptimizationRunResult,
  OptimizationRunWork,
  StoredLabel,
} from "./judge-optimization-store.ts";
export {
  type JudgeOptimizationRunDeps,
  type JudgeOptimizationRunInput,
  runJudgeOptimization,
} from "./run-judge-optimization.ts";
