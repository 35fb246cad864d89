/**
 * @assay/client: the TypeScript SDK of the Assay evaluation service. Browser-safe: it imports
 * only @assay/protocol and zod, and talks HTTP through an injectable fetch.
 */

export {
  type Agreement,
  type Annotation,
  type AnnotationImportItem,
  type Benchmark,
  type BenchmarkPrompt,
  type CatalogBenchmark,
  type CatalogModel,
  type ComparisonOutcome,
  type ComparisonResult,
  type ComparisonStats,
  type CostEstimate,
  type CreateCustomModelBody,
  type CreateJudgeBody,
  type CreateScorerBody,
  type CustomBenchmark,
  type CustomModel,
  type Evaluation,
  type EvaluationPlan,
  type EvaluationProgressEvent,
  type EvaluationSpace,
  type EvaluationSpaceFilters,
  type EvaluationStats,
  type EvaluationStatus,
  type EvaluationSummary,
  FINISHED_EVALUATION_STATUSES,
  type Integration,
  type IntegrationDelivery,
  type IntegrationEvent,
  type IntegrationEventType,
  type IntegrationType,
  isCustomBenchmark,
  isCustomModel,
  type Judge,
  type JudgeAnnotation,
  type JudgeOptimizationRun,
  type JudgeSnapshot,
  type JudgeVersion,
  type ListedTraceEvaluation,
  type ListType,
  type Model,
  type OptimizationBudget,
  type OptimizationStats,
  type OptimizationStatus,
  type Organization,
  type PairedStats,
  type Project,
  type ProjectAttachments,
  type PromptAnswerResponse,
  type PublicModelsResponse,
  type PutAnnotationBody,
  type ReasoningEffort,
  type RepeatAnswer,
  type RepeatStats,
  type RequestProfileName,
  type Result,
  type RunMatrixCell,
  type RunMatrixFilter,
  type RunMatrixPair,
  type RunMatrixRow,
  type RunMatrixRun,
  type RunRequest,
  type RunSampling,
  type Scorer,
  type ScorerScore,
  type ScorerStats,
  type SubsetCount,
  type Trace,
  type TraceEvaluation,
  type TraceEvaluationResult,
  type TraceEvaluationStatus,
  type TraceFormat,
  type TraceWithEvaluations,
  type UpdateCustomModelBody,
  type UpdateEvaluationBody,
  type UpdateJudgeBody,
  type UpdateScorerBody,
} from "@assay/protocol";
export { AsyncClient, Client } from "./client.ts";
export type { RequestInput, RouteOutput, ScopeParam } from "./core/api-client.ts";
export { APIClient } from "./core/api-client.ts";
export {
  type ClientOptions,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT,
  type FetchLike,
  type RequestOptions,
  type ViewOptions,
} from "./core/client-options.ts";
export { DEFAULT_BASE_URL } from "./core/environment.ts";
export type { Scope } from "./core/organization-context.ts";
export type { UploadData, UploadTarget } from "./core/upload.ts";
export { adaptivePollDelayMs, DEFAULT_POLL_SCHEDULE } from "./core/wait-duration.ts";
// The common errors; `@assay/client/errors` has the whole hierarchy.
export {
  APIError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  type ResponseHeaders,
  ServiceError,
  WaitTimeoutError,
} from "./errors.ts";
export { AsyncPublicClient, PublicClient } from "./public-client.ts";
export {
  type AnnotationImportSource,
  Annotations,
  type DeleteAnnotationResult,
  type ImportAnnotationsResult,
  type JudgeAnnotationListParams,
  type JudgeAnnotationPage,
  loadAnnotations,
} from "./resources/annotations.ts";
export {
  type BenchmarkFile,
  contentTypeFor,
  type FileNames,
} from "./resources/benchmark-files.ts";
export {
  type BenchmarkFilter,
  Benchmarks,
  type BenchmarksResponse,
  type CreateBenchmarkResult,
  type CreateCustomBenchmarkInput,
  type CreateSmartBenchmarkInput,
  type WaitForGenerationOptions,
} from "./resources/benchmarks.ts";
export {
  type BaselineCheck,
  GATE_CONFIDENCE,
  type GateCheck,
  type GateCriteria,
  GateError,
  type GateReport,
  type GateVerdict,
  type ThresholdCheck,
} from "./resources/evaluation-gate.ts";
export {
  type CreateEvaluationSpaceInput,
  type DeleteEvaluationSpaceResult,
  type EvaluationSpaceListParams,
  type EvaluationSpacePage,
  EvaluationSpaces,
  type UpdateEvaluationSpaceInput,
} from "./resources/evaluation-spaces.ts";
export {
  type CreateEvaluationInput,
  type CreateEvaluationOptions,
  type EvaluationEvent,
  type EvaluationListParams,
  type EvaluationPage,
  type EvaluationRef,
  type EvaluationSortKey,
  Evaluations,
  type EvaluationTarget,
  isFinished,
  type WaitForCompletionOptions,
} from "./resources/evaluations.ts";
export {
  type CreatedIntegration,
  type CreateIntegrationInput,
  type DeleteIntegrationResult,
  type IntegrationDeliveryPage,
  type IntegrationPage,
  type IntegrationPageParams,
  Integrations,
  type IntegrationTestResult,
  type UpdateIntegrationInput,
} from "./resources/integrations.ts";
export {
  type AppliedOptimization,
  type CreatedOptimization,
  DEFAULT_OPTIMIZATION_WAIT_TIMEOUT_MS,
  isOptimizationFinished,
  JudgeOptimizations,
  type OptimizationEstimate,
  type OptimizationListParams,
  type OptimizationPage,
  type WaitForOptimizationOptions,
} from "./resources/judge-optimizations.ts";
export {
  type DeleteJudgeResult,
  type JudgeListParams,
  type JudgePage,
  Judges,
} from "./resources/judges.ts";
export {
  type CreateCustomModelResult,
  type ModelFilter,
  Models,
  type ModelsResponse,
} from "./resources/models.ts";
export type { Pagination } from "./resources/pagination.ts";
export type { PromptField, PromptPage, PromptParams } from "./resources/prompts.ts";
export {
  PublicBenchmarks,
  type PublicBenchmarksParams,
  type PublicBenchmarksResponse,
} from "./resources/public-benchmarks.ts";
export {
  type ComparisonPage,
  type ComparisonParams,
  type ModelComparison,
  PublicComparisons,
} from "./resources/public-comparisons.ts";
export { PublicEvaluations } from "./resources/public-evaluations.ts";
export { PublicModels, type PublicModelsParams } from "./resources/public-models.ts";
export type { SortOrder } from "./resources/query.ts";
export type { IdRef } from "./resources/refs.ts";
export { APIResource } from "./resources/resource.ts";
export {
  type IterateResultsParams,
  type ResultFilter,
  type ResultOutcome,
  type ResultPage,
  type ResultPageParams,
  type ResultRepeatView,
  Results,
  type ResultsOf,
} from "./resources/results.ts";
export type { RunMatrixPage, RunMatrixParams } from "./resources/run-matrix.ts";
export {
  type DeleteScorerResult,
  type ScorerListParams,
  type ScorerPage,
  Scorers,
} from "./resources/scorers.ts";
export {
  DEFAULT_TRACE_WAIT_TIMEOUT_MS,
  type FinishedTraceEvaluation,
  isTraceEvaluationFinished,
  type TraceEvaluationListParams,
  type TraceEvaluationPage,
  TraceEvaluations,
  type WaitForTraceEvaluationOptions,
} from "./resources/trace-evaluations.ts";
export {
  type DeleteTraceResult,
  type TraceFile,
  type TraceFileInput,
  type TraceListParams,
  type TracePage,
  Traces,
  type UploadTracesResult,
} from "./resources/traces.ts";
export { VERSION } from "./version.ts";
