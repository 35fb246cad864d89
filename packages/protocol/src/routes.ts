import { z } from "zod";
import {
  AnnotationPathSchema,
  AnnotationQueueQuerySchema,
  AnnotationQueueResponseSchema,
  AnnotationResponseSchema,
  DeleteAnnotationResponseSchema,
  ImportAnnotationsBodySchema,
  ImportAnnotationsResponseSchema,
  JudgeAnnotationsPathSchema,
  ListJudgeAnnotationsQuerySchema,
  ListJudgeAnnotationsResponseSchema,
  PutAnnotationBodySchema,
} from "./annotations.ts";
import {
  BenchmarkPathSchema,
  CreateBenchmarkResponseSchema,
  CreateCustomBenchmarkBodySchema,
  CreateSmartBenchmarkBodySchema,
  GetBenchmarkResponseSchema,
  ListBenchmarksQuerySchema,
  ListBenchmarksResponseSchema,
  ListPromptsQuerySchema,
  ListPromptsResponseSchema,
  ListSubsetsResponseSchema,
  PublicBenchmarkPathSchema,
  PublicBenchmarksQuerySchema,
  PublicBenchmarksResponseSchema,
} from "./benchmarks.ts";
import { ProjectPathSchema } from "./common.ts";
import { ComparisonQuerySchema, ComparisonResponseSchema } from "./comparisons.ts";
import { statusData } from "./envelopes.ts";
import { PlanEvaluationsResponseSchema } from "./evaluation-plans.ts";
import {
  CreateEvaluationSpaceBodySchema,
  DeleteEvaluationSpaceResponseSchema,
  EvaluationSpaceEvaluationsResponseSchema,
  EvaluationSpacePathSchema,
  EvaluationSpaceResponseSchema,
  ListEvaluationSpacesQuerySchema,
  ListEvaluationSpacesResponseSchema,
  UpdateEvaluationSpaceBodySchema,
} from "./evaluation-spaces.ts";
import {
  CreateEvaluationBodySchema,
  CreateEvaluationResponseSchema,
  EvaluationPathSchema,
  EvaluationProgressEventSchema,
  EvaluationSchema,
  ListEvaluationsQuerySchema,
  ListEvaluationsResponseSchema,
  ListResultsQuerySchema,
  ListResultsResponseSchema,
  ProjectEvaluationPathSchema,
  UpdateEvaluationBodySchema,
} from "./evaluations.ts";
import { HealthSchema } from "./health.ts";
import {
  CreateIntegrationBodySchema,
  CreateIntegrationResponseSchema,
  DeleteIntegrationResponseSchema,
  IntegrationPathSchema,
  IntegrationResponseSchema,
  ListIntegrationDeliveriesQuerySchema,
  ListIntegrationDeliveriesResponseSchema,
  ListIntegrationsQuerySchema,
  ListIntegrationsResponseSchema,
  OrganizationPathSchema,
  TestIntegrationBodySchema,
  TestIntegrationResponseSchema,
  UpdateIntegrationBodySchema,
} from "./integrations.ts";
import {
  ApplyOptimizationBodySchema,
  ApplyOptimizationResponseSchema,
  CreateOptimizationResponseSchema,
  GetOptimizationResponseSchema,
  ListOptimizationsQuerySchema,
  ListOptimizationsResponseSchema,
  OptimizationBodySchema,
  OptimizationEstimateResponseSchema,
  OptimizationPathSchema,
} from "./judge-optimizations.ts";
import {
  CreateJudgeBodySchema,
  CreateJudgeResponseSchema,
  DeleteJudgeResponseSchema,
  GetJudgeResponseSchema,
  JudgePathSchema,
  ListJudgesQuerySchema,
  ListJudgesResponseSchema,
  UpdateJudgeBodySchema,
  UpdateJudgeResponseSchema,
} from "./judges.ts";
import {
  CreateCustomModelBodySchema,
  CreateCustomModelResponseSchema,
  CustomModelPathSchema,
  GetModelResponseSchema,
  ListModelsQuerySchema,
  ListModelsResponseSchema,
  ModelIdResponseSchema,
  PublicModelsQuerySchema,
  PublicModelsResponseSchema,
  UpdateCustomModelBodySchema,
} from "./models.ts";
import { GetOrganizationResponseSchema } from "./organizations.ts";
import { UpdateProjectBodySchema, UpdateProjectResponseSchema } from "./projects.ts";
import { defineRoute, type Route } from "./route.ts";
import {
  PromptAnswerQuerySchema,
  PromptAnswerResponseSchema,
  RunMatrixQuerySchema,
  RunMatrixResponseSchema,
} from "./run-matrix.ts";
import {
  CreateScorerBodySchema,
  DeleteScorerResponseSchema,
  ListScorersQuerySchema,
  ListScorersResponseSchema,
  ScorerPathSchema,
  ScorerResponseSchema,
  UpdateScorerBodySchema,
} from "./scorers.ts";
import {
  BulkCreateTraceEvaluationsBodySchema,
  BulkCreateTraceEvaluationsResponseSchema,
  CreateTraceEvaluationBodySchema,
  EstimateCostBodySchema,
  EstimateCostResponseSchema,
  ListTraceEvaluationsQuerySchema,
  ListTraceEvaluationsResponseSchema,
  TraceEvaluationPathSchema,
  TraceEvaluationResponseSchema,
  TraceEvaluationResultResponseSchema,
} from "./trace-evaluations.ts";
import {
  CreateTracesBodySchema,
  CreateTracesResponseSchema,
  DeleteTraceResponseSchema,
  GetTraceResponseSchema,
  ListTracesQuerySchema,
  ListTracesResponseSchema,
  TracePathSchema,
  TraceSourcesResponseSchema,
} from "./traces.ts";
import {
  CreateBenchmarkUploadBodySchema,
  CreateTraceUploadBodySchema,
  CreateUploadResponseSchema,
} from "./uploads.ts";

/**
 * The route table of the HTTP API (paths relative to the API prefix, normally `/api/v1`). Numbers
 * in comments refer to the route table of the wire protocol (§14); routes without one are Assay
 * extensions.
 */
export const routes = {
  /** #1: the key's organization, its default project first. */
  getOrganization: defineRoute({
    operationId: "organizations.get",
    method: "GET",
    path: "/organizations",
    summary: "The organization of the calling API key, with its projects (default project first)",
    tag: "organizations",
    auth: "apiKey",
    response: GetOrganizationResponseSchema,
  }),

  /** #2: models attached to the project (`type=custom` or `type=public`; both when absent). */
  listModels: defineRoute({
    operationId: "models.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/models",
    summary: "List the models attached to the project",
    tag: "models",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListModelsQuerySchema,
    response: ListModelsResponseSchema,
  }),

  /** #3: one model visible to the project (catalog or the project's own). */
  getModel: defineRoute({
    operationId: "models.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/models/{model_id}",
    summary: "Get a model by id",
    tag: "models",
    auth: "apiKey",
    params: ProjectPathSchema.extend({ model_id: CustomModelPathSchema.shape.model_id }),
    response: GetModelResponseSchema,
  }),

  /** #4: replace the sets of attached models and/or benchmarks. */
  updateProject: defineRoute({
    operationId: "projects.update",
    method: "PATCH",
    path: "/organizations/{organization_id}/projects/{project_id}",
    summary: "Set the models and benchmarks attached to the project",
    tag: "projects",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: UpdateProjectBodySchema,
    response: UpdateProjectResponseSchema,
  }),

  /** #5: register an OpenAI-compatible endpoint as a model of the project. */
  createCustomModel: defineRoute({
    operationId: "models.createCustom",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/custom-models",
    summary: "Create a custom model (an OpenAI-compatible chat-completions endpoint)",
    tag: "models",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateCustomModelBodySchema,
    status: 201,
    response: CreateCustomModelResponseSchema,
    errors: ["CONFLICT"],
  }),

  /** #6 */
  updateCustomModel: defineRoute({
    operationId: "models.updateCustom",
    method: "PATCH",
    path: "/organizations/{organization_id}/projects/{project_id}/custom-models/{model_id}",
    summary: "Update a custom model; a new api_url without api_key clears the stored key",
    tag: "models",
    auth: "apiKey",
    params: CustomModelPathSchema,
    body: UpdateCustomModelBodySchema,
    response: ModelIdResponseSchema,
  }),

  /** #7: disables the model (evaluations keep it), detaches it and frees its key. */
  deleteCustomModel: defineRoute({
    operationId: "models.deleteCustom",
    method: "DELETE",
    path: "/organizations/{organization_id}/projects/{project_id}/custom-models/{model_id}",
    summary: "Delete a custom model",
    tag: "models",
    auth: "apiKey",
    params: CustomModelPathSchema,
    response: ModelIdResponseSchema,
  }),

  /** #8: benchmarks attached to the project (`type=custom` or `type=public`; both when absent). */
  listBenchmarks: defineRoute({
    operationId: "benchmarks.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/benchmarks",
    summary: "List the benchmarks attached to the project",
    tag: "benchmarks",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListBenchmarksQuerySchema,
    response: ListBenchmarksResponseSchema,
  }),

  /** #9 */
  getBenchmark: defineRoute({
    operationId: "benchmarks.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/benchmarks/{benchmark_id}",
    summary: "Get a benchmark by id",
    tag: "benchmarks",
    auth: "apiKey",
    params: BenchmarkPathSchema,
    response: GetBenchmarkResponseSchema,
  }),

  /** #10: a built-in benchmark's data is downloaded on first use. */
  listBenchmarkPrompts: defineRoute({
    operationId: "benchmarks.listPrompts",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/benchmarks/{benchmark_id}/prompts",
    summary: "List a benchmark's prompts",
    tag: "benchmarks",
    auth: "apiKey",
    params: BenchmarkPathSchema,
    query: ListPromptsQuerySchema,
    response: ListPromptsResponseSchema,
    errors: ["CONFLICT"],
  }),

  /** Extension: a benchmark's subsets and how many prompts each holds. */
  listBenchmarkSubsets: defineRoute({
    operationId: "benchmarks.listSubsets",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/benchmarks/{benchmark_id}/subsets",
    summary: "List a benchmark's subsets with their prompt counts",
    tag: "benchmarks",
    auth: "apiKey",
    params: BenchmarkPathSchema,
    response: ListSubsetsResponseSchema,
    errors: ["CONFLICT"],
  }),

  /** #11: a presigned URL for a benchmark file (custom dataset or smart-benchmark document). */
  createBenchmarkUpload: defineRoute({
    operationId: "uploads.createBenchmarkUpload",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/upload",
    summary: "Get a presigned URL to upload a benchmark file",
    tag: "uploads",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateBenchmarkUploadBodySchema,
    response: CreateUploadResponseSchema,
  }),

  /** #13: import an uploaded JSONL/JSON dataset as a benchmark; a file with bad rows is refused (422). */
  createCustomBenchmark: defineRoute({
    operationId: "benchmarks.createCustom",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/custom-benchmarks",
    summary: "Create a benchmark from an uploaded dataset file",
    tag: "benchmarks",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateCustomBenchmarkBodySchema,
    status: 201,
    response: CreateBenchmarkResponseSchema,
    errors: ["CONFLICT", "UNPROCESSABLE_CONTENT"],
  }),

  /** #14: the benchmark is `generating` until the generation job has run. */
  createSmartBenchmark: defineRoute({
    operationId: "benchmarks.createSmart",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/smart-benchmarks",
    summary: "Create a benchmark generated from uploaded documents",
    tag: "benchmarks",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateSmartBenchmarkBodySchema,
    status: 201,
    response: CreateBenchmarkResponseSchema,
    errors: ["CONFLICT", "UNPROCESSABLE_CONTENT"],
  }),

  /** #25: a presigned URL for a trace file (JSON or JSONL). */
  createTraceUpload: defineRoute({
    operationId: "uploads.createTraceUpload",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/traces/upload",
    summary: "Get a presigned URL to upload a trace file",
    tag: "uploads",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateTraceUploadBodySchema,
    response: CreateUploadResponseSchema,
  }),

  /** #20: a named LLM judge; names are unique per project (409). */
  createJudge: defineRoute({
    operationId: "judges.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/judges",
    summary: "Create a judge",
    tag: "judges",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateJudgeBodySchema,
    status: 201,
    response: CreateJudgeResponseSchema,
    errors: ["CONFLICT"],
  }),
  /** #21 */
  getJudge: defineRoute({
    operationId: "judges.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/judges/{judge_id}",
    summary: "Get a judge with its versions",
    tag: "judges",
    auth: "apiKey",
    params: JudgePathSchema,
    response: GetJudgeResponseSchema,
  }),
  /** #22 */
  listJudges: defineRoute({
    operationId: "judges.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/judges",
    summary: "List judges",
    tag: "judges",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListJudgesQuerySchema,
    response: ListJudgesResponseSchema,
  }),
  /** #23: any change makes a new version; answers the full judge. */
  updateJudge: defineRoute({
    operationId: "judges.update",
    method: "PATCH",
    path: "/organizations/{organization_id}/projects/{project_id}/judges/{judge_id}",
    summary: "Update a judge (a new version)",
    tag: "judges",
    auth: "apiKey",
    params: JudgePathSchema,
    body: UpdateJudgeBodySchema,
    response: UpdateJudgeResponseSchema,
    errors: ["CONFLICT"],
  }),
  /** #24: a JSON body, never 204. */
  deleteJudge: defineRoute({
    operationId: "judges.delete",
    method: "DELETE",
    path: "/organizations/{organization_id}/projects/{project_id}/judges/{judge_id}",
    summary: "Delete a judge",
    tag: "judges",
    auth: "apiKey",
    params: JudgePathSchema,
    response: DeleteJudgeResponseSchema,
  }),
  /** #44–48 (§13.1): a grading rubric judged by a model of the project; names unique (409). */
  createScorer: defineRoute({
    operationId: "scorers.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/scorers",
    summary: "Create a scorer",
    tag: "scorers",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateScorerBodySchema,
    status: 201,
    response: ScorerResponseSchema,
    errors: ["CONFLICT"],
  }),
  getScorer: defineRoute({
    operationId: "scorers.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/scorers/{scorer_id}",
    summary: "Get a scorer",
    tag: "scorers",
    auth: "apiKey",
    params: ScorerPathSchema,
    response: ScorerResponseSchema,
  }),
  listScorers: defineRoute({
    operationId: "scorers.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/scorers",
    summary: "List scorers, newest first",
    tag: "scorers",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListScorersQuerySchema,
    response: ListScorersResponseSchema,
  }),
  updateScorer: defineRoute({
    operationId: "scorers.update",
    method: "PATCH",
    path: "/organizations/{organization_id}/projects/{project_id}/scorers/{scorer_id}",
    summary: "Update a scorer (runs already created keep the scorer they started with)",
    tag: "scorers",
    auth: "apiKey",
    params: ScorerPathSchema,
    body: UpdateScorerBodySchema,
    response: ScorerResponseSchema,
    errors: ["CONFLICT"],
  }),
  deleteScorer: defineRoute({
    operationId: "scorers.delete",
    method: "DELETE",
    path: "/organizations/{organization_id}/projects/{project_id}/scorers/{scorer_id}",
    summary: "Delete a scorer (benchmarks stop using it; finished runs keep its scores)",
    tag: "scorers",
    auth: "apiKey",
    params: ScorerPathSchema,
    response: DeleteScorerResponseSchema,
  }),
  /**
   * #44–48 (§13.3): a leaderboard of the project; names and slugs are unique per project (409).
   * `{evaluation_space_id}` is the space's id or its slug.
   */
  createEvaluationSpace: defineRoute({
    operationId: "evaluationSpaces.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces",
    summary: "Create an evaluation space (a leaderboard)",
    tag: "evaluation-spaces",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateEvaluationSpaceBodySchema,
    status: 201,
    response: EvaluationSpaceResponseSchema,
    errors: ["CONFLICT"],
  }),
  getEvaluationSpace: defineRoute({
    operationId: "evaluationSpaces.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces/{evaluation_space_id}",
    summary: "Get an evaluation space (by id or slug) with its counts",
    tag: "evaluation-spaces",
    auth: "apiKey",
    params: EvaluationSpacePathSchema,
    response: EvaluationSpaceResponseSchema,
  }),
  listEvaluationSpaces: defineRoute({
    operationId: "evaluationSpaces.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces",
    summary: "List evaluation spaces",
    tag: "evaluation-spaces",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListEvaluationSpacesQuerySchema,
    response: ListEvaluationSpacesResponseSchema,
  }),
  updateEvaluationSpace: defineRoute({
    operationId: "evaluationSpaces.update",
    method: "PATCH",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces/{evaluation_space_id}",
    summary: "Update an evaluation space",
    tag: "evaluation-spaces",
    auth: "apiKey",
    params: EvaluationSpacePathSchema,
    body: UpdateEvaluationSpaceBodySchema,
    response: EvaluationSpaceResponseSchema,
    errors: ["CONFLICT"],
  }),
  deleteEvaluationSpace: defineRoute({
    operationId: "evaluationSpaces.delete",
    method: "DELETE",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces/{evaluation_space_id}",
    summary: "Delete an evaluation space (its evaluations stay)",
    tag: "evaluation-spaces",
    auth: "apiKey",
    params: EvaluationSpacePathSchema,
    response: DeleteEvaluationSpaceResponseSchema,
  }),
  /** Extension: the leaderboard's cells, latest successful evaluation per model × benchmark. */
  listEvaluationSpaceEvaluations: defineRoute({
    operationId: "evaluationSpaces.listEvaluations",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluation-spaces/{evaluation_space_id}/evaluations",
    summary: "The evaluations an evaluation space shows (latest per model and benchmark)",
    tag: "evaluation-spaces",
    auth: "apiKey",
    params: EvaluationSpacePathSchema,
    response: EvaluationSpaceEvaluationsResponseSchema,
  }),
  /** #44–48 (§13.2): the organization's outbound notifications (webhooks, Slack). */
  listIntegrations: defineRoute({
    operationId: "integrations.list",
    method: "GET",
    path: "/organizations/{organization_id}/integrations",
    summary: "List the organization's integrations (a bare array in the status+data envelope)",
    tag: "integrations",
    auth: "apiKey",
    params: OrganizationPathSchema,
    query: ListIntegrationsQuerySchema,
    response: ListIntegrationsResponseSchema,
  }),
  getIntegration: defineRoute({
    operationId: "integrations.get",
    method: "GET",
    path: "/organizations/{organization_id}/integrations/{integration_id}",
    summary: "Get an integration",
    tag: "integrations",
    auth: "apiKey",
    params: IntegrationPathSchema,
    response: IntegrationResponseSchema,
  }),
  /** Sends a real, signed test event now and answers what the receiver said; never retried. */
  testIntegration: defineRoute({
    operationId: "integrations.test",
    method: "POST",
    path: "/organizations/{organization_id}/integrations/{integration_id}/test",
    summary: "Send a test event to an integration and report the receiver's answer",
    tag: "integrations",
    auth: "apiKey",
    params: IntegrationPathSchema,
    body: TestIntegrationBodySchema,
    response: TestIntegrationResponseSchema,
  }),
  /** Extension: answers the signing secret, this once. Names are unique per organization (409). */
  createIntegration: defineRoute({
    operationId: "integrations.create",
    method: "POST",
    path: "/organizations/{organization_id}/integrations",
    summary: "Create an integration (the answer carries its signing secret, shown only once)",
    tag: "integrations",
    auth: "apiKey",
    params: OrganizationPathSchema,
    body: CreateIntegrationBodySchema,
    status: 201,
    response: CreateIntegrationResponseSchema,
    errors: ["CONFLICT", "UNPROCESSABLE_CONTENT"],
  }),
  updateIntegration: defineRoute({
    operationId: "integrations.update",
    method: "PATCH",
    path: "/organizations/{organization_id}/integrations/{integration_id}",
    summary: "Update an integration (its secret stays)",
    tag: "integrations",
    auth: "apiKey",
    params: IntegrationPathSchema,
    body: UpdateIntegrationBodySchema,
    response: IntegrationResponseSchema,
    errors: ["CONFLICT", "UNPROCESSABLE_CONTENT"],
  }),
  deleteIntegration: defineRoute({
    operationId: "integrations.delete",
    method: "DELETE",
    path: "/organizations/{organization_id}/integrations/{integration_id}",
    summary: "Delete an integration with its delivery log (pending deliveries are dropped)",
    tag: "integrations",
    auth: "apiKey",
    params: IntegrationPathSchema,
    response: DeleteIntegrationResponseSchema,
  }),
  listIntegrationDeliveries: defineRoute({
    operationId: "integrations.listDeliveries",
    method: "GET",
    path: "/organizations/{organization_id}/integrations/{integration_id}/deliveries",
    summary: "The integration's delivery log, newest attempt first",
    tag: "integrations",
    auth: "apiKey",
    params: IntegrationPathSchema,
    query: ListIntegrationDeliveriesQuerySchema,
    response: ListIntegrationDeliveriesResponseSchema,
  }),
  /** #26: one trace per record of the uploaded file, in file order; a bad file creates nothing (422). */
  createTraces: defineRoute({
    operationId: "traces.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/traces",
    summary: "Parse an uploaded trace file into traces",
    tag: "traces",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateTracesBodySchema,
    status: 201,
    response: CreateTracesResponseSchema,
    errors: ["UNPROCESSABLE_CONTENT"],
  }),
  /** #27 */
  listTraces: defineRoute({
    operationId: "traces.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/traces",
    summary: "List traces",
    tag: "traces",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListTracesQuerySchema,
    response: ListTracesResponseSchema,
  }),
  /** #28: bound before `traces/{id}`. */
  listTraceSources: defineRoute({
    operationId: "traces.sources",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/traces/sources",
    summary: "List the files traces came from",
    tag: "traces",
    auth: "apiKey",
    params: ProjectPathSchema,
    response: TraceSourcesResponseSchema,
  }),
  /** #29 */
  getTrace: defineRoute({
    operationId: "traces.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/traces/{trace_id}",
    summary: "Get a trace",
    tag: "traces",
    auth: "apiKey",
    params: TracePathSchema,
    response: GetTraceResponseSchema,
  }),
  /** #30 */
  deleteTrace: defineRoute({
    operationId: "traces.delete",
    method: "DELETE",
    path: "/organizations/{organization_id}/projects/{project_id}/traces/{trace_id}",
    summary: "Delete a trace and its evaluations",
    tag: "traces",
    auth: "apiKey",
    params: TracePathSchema,
    response: DeleteTraceResponseSchema,
  }),
  /** #31: `pending`; a worker runs the judge. */
  createTraceEvaluation: defineRoute({
    operationId: "traceEvaluations.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations",
    summary: "Judge a trace",
    tag: "trace-evaluations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateTraceEvaluationBodySchema,
    status: 201,
    response: TraceEvaluationResponseSchema,
  }),
  /** Extension: one evaluation per trace, created in one transaction. */
  bulkCreateTraceEvaluations: defineRoute({
    operationId: "traceEvaluations.bulkCreate",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/bulk",
    summary: "Judge many traces with one judge",
    tag: "trace-evaluations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: BulkCreateTraceEvaluationsBodySchema,
    status: 201,
    response: BulkCreateTraceEvaluationsResponseSchema,
  }),
  /** #32: `total`, not `total_count`. */
  listTraceEvaluations: defineRoute({
    operationId: "traceEvaluations.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations",
    summary: "List trace evaluations",
    tag: "trace-evaluations",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListTraceEvaluationsQuerySchema,
    response: ListTraceEvaluationsResponseSchema,
  }),
  /** #33: bound before `trace-evaluations/{id}`. */
  estimateTraceEvaluationCost: defineRoute({
    operationId: "traceEvaluations.estimate",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/estimate",
    summary: "Estimate what judging traces costs",
    tag: "trace-evaluations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: EstimateCostBodySchema,
    response: EstimateCostResponseSchema,
  }),
  /** #34 */
  getTraceEvaluation: defineRoute({
    operationId: "traceEvaluations.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/{trace_evaluation_id}",
    summary: "Get a trace evaluation",
    tag: "trace-evaluations",
    auth: "apiKey",
    params: TraceEvaluationPathSchema,
    response: TraceEvaluationResponseSchema,
  }),
  /** #35: 404 until the verdict is stored. */
  getTraceEvaluationResult: defineRoute({
    operationId: "traceEvaluations.getResult",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/{trace_evaluation_id}/results",
    summary: "Get a trace evaluation's verdict",
    tag: "trace-evaluations",
    auth: "apiKey",
    params: TraceEvaluationPathSchema,
    response: TraceEvaluationResultResponseSchema,
  }),
  /** Extension: a person's label through one of the judge's trace evaluations of the trace. */
  putAnnotation: defineRoute({
    operationId: "annotations.put",
    method: "PUT",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/{trace_evaluation_id}/annotation",
    summary: "Label what the judge should have said about this trace",
    tag: "annotations",
    auth: "apiKey",
    params: AnnotationPathSchema,
    body: PutAnnotationBodySchema,
    response: AnnotationResponseSchema,
  }),
  /** Extension: 404 when the (judge, trace) pair has no label. */
  getAnnotation: defineRoute({
    operationId: "annotations.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/{trace_evaluation_id}/annotation",
    summary: "Get the label of this trace evaluation's (judge, trace)",
    tag: "annotations",
    auth: "apiKey",
    params: AnnotationPathSchema,
    response: AnnotationResponseSchema,
  }),
  /** Extension. */
  deleteAnnotation: defineRoute({
    operationId: "annotations.delete",
    method: "DELETE",
    path: "/organizations/{organization_id}/projects/{project_id}/trace-evaluations/{trace_evaluation_id}/annotation",
    summary: "Remove a label",
    tag: "annotations",
    auth: "apiKey",
    params: AnnotationPathSchema,
    response: DeleteAnnotationResponseSchema,
  }),
  /** Extension: many labels at once, all or nothing. */
  importAnnotations: defineRoute({
    operationId: "annotations.import",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/annotations/import",
    summary: "Import labels (trace, judge, passed)",
    tag: "annotations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: ImportAnnotationsBodySchema,
    response: ImportAnnotationsResponseSchema,
  }),
  /** Extension: a judge's labels beside its verdicts, with the agreement. */
  listJudgeAnnotations: defineRoute({
    operationId: "annotations.listForJudge",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/judges/{judge_id}/annotations",
    summary: "List a judge's labels and how its verdicts agree with them",
    tag: "annotations",
    auth: "apiKey",
    params: JudgeAnnotationsPathSchema,
    query: ListJudgeAnnotationsQuerySchema,
    response: ListJudgeAnnotationsResponseSchema,
  }),
  annotationQueue: defineRoute({
    operationId: "annotations.queue",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/judges/{judge_id}/annotation-queue",
    summary: "List a judge's traces in the order to label them",
    tag: "annotations",
    auth: "apiKey",
    params: JudgeAnnotationsPathSchema,
    query: AnnotationQueueQuerySchema,
    response: AnnotationQueueResponseSchema,
  }),
  /** #36: bound before `judge-optimizations/{id}`. */
  estimateJudgeOptimization: defineRoute({
    operationId: "judgeOptimizations.estimate",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/judge-optimizations/estimate",
    summary: "Estimate what optimizing a judge costs",
    tag: "judge-optimizations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: OptimizationBodySchema,
    response: OptimizationEstimateResponseSchema,
  }),
  /** #37: `pending`; a worker runs the optimizer. 400 under 10 annotations. */
  createJudgeOptimization: defineRoute({
    operationId: "judgeOptimizations.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/judge-optimizations",
    summary: "Optimize a judge's goal against people's labels",
    tag: "judge-optimizations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: OptimizationBodySchema,
    status: 201,
    response: CreateOptimizationResponseSchema,
  }),
  /** #38: `total`, not `total_count`; pages of 20 by default. */
  listJudgeOptimizations: defineRoute({
    operationId: "judgeOptimizations.list",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/judge-optimizations",
    summary: "List optimization runs",
    tag: "judge-optimizations",
    auth: "apiKey",
    params: ProjectPathSchema,
    query: ListOptimizationsQuerySchema,
    response: ListOptimizationsResponseSchema,
  }),
  /** #39 */
  getJudgeOptimization: defineRoute({
    operationId: "judgeOptimizations.get",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/judge-optimizations/{optimization_id}",
    summary: "Get an optimization run with its logs",
    tag: "judge-optimizations",
    auth: "apiKey",
    params: OptimizationPathSchema,
    response: GetOptimizationResponseSchema,
  }),
  /** #40: a new judge version with the optimized goal (or none when nothing beat the baseline). */
  applyJudgeOptimization: defineRoute({
    operationId: "judgeOptimizations.apply",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/judge-optimizations/{optimization_id}/apply",
    summary: "Give the judge the optimized goal",
    tag: "judge-optimizations",
    auth: "apiKey",
    params: OptimizationPathSchema,
    body: ApplyOptimizationBodySchema,
    response: ApplyOptimizationResponseSchema,
    errors: ["CONFLICT"],
  }),
  /** #12 (local blob storage): the target of presigned URLs; authorized by the URL's signature. */
  putBlob: defineRoute({
    operationId: "blobs.put",
    method: "PUT",
    path: "/blobs/{token}",
    summary: "Upload a file to a presigned URL (local blob storage)",
    tag: "uploads",
    auth: "signedUrl",
    params: z.object({ token: z.string().min(1).max(4096) }),
    bodyKind: "binary",
    response: statusData(z.object({ size: z.number().int() })),
    errors: ["PRECONDITION_FAILED"],
  }),

  /** #41: the public model catalog, with facets. */
  listPublicModels: defineRoute({
    operationId: "public.models.list",
    method: "GET",
    path: "/models",
    summary: "Browse the public model catalog",
    tag: "public",
    auth: "apiKey",
    query: PublicModelsQuerySchema,
    response: PublicModelsResponseSchema,
  }),

  /** #42: the built-in benchmark catalog, with facets. */
  listPublicBenchmarks: defineRoute({
    operationId: "public.benchmarks.list",
    method: "GET",
    path: "/datasets",
    summary: "Browse the built-in benchmark catalog",
    tag: "public",
    auth: "apiKey",
    query: PublicBenchmarksQuerySchema,
    response: PublicBenchmarksResponseSchema,
  }),

  /** #43: prompts of a built-in benchmark (status+data required here). */
  listPublicBenchmarkPrompts: defineRoute({
    operationId: "public.benchmarks.listPrompts",
    method: "GET",
    path: "/datasets/{benchmark_id}/prompts",
    summary: "List a built-in benchmark's prompts",
    tag: "public",
    auth: "apiKey",
    params: PublicBenchmarkPathSchema,
    query: ListPromptsQuerySchema,
    response: ListPromptsResponseSchema,
    errors: ["CONFLICT"],
  }),

  /** #15: runs in the background; the answer holds the new evaluations, `pending`. */
  createEvaluations: defineRoute({
    operationId: "evaluations.create",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluations",
    summary: "Evaluate models on benchmarks (one evaluation per array element)",
    tag: "evaluations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateEvaluationBodySchema,
    status: 201,
    response: CreateEvaluationResponseSchema,
    errors: ["CONFLICT"],
  }),
  /**
   * Extension: what the create body would cost and tell, item by item, refused where the create
   * would be; nothing is created. A static path: never taken for an evaluation's id.
   */
  planEvaluations: defineRoute({
    operationId: "evaluations.plan",
    method: "POST",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluations/plan",
    summary: "Plan evaluations: calls, tokens, cost and interval width, before running them",
    tag: "evaluations",
    auth: "apiKey",
    params: ProjectPathSchema,
    body: CreateEvaluationBodySchema,
    response: PlanEvaluationsResponseSchema,
    readOnly: true,
  }),

  /** #16: bare Evaluation; authorized by the key's organization (no org in the path). */
  getEvaluation: defineRoute({
    operationId: "evaluations.get",
    method: "GET",
    path: "/evaluations/{evaluation_id}",
    summary: "Get an evaluation with its progress and statistics",
    tag: "evaluations",
    auth: "apiKey",
    params: EvaluationPathSchema,
    response: EvaluationSchema,
  }),

  /** #17: a project's evaluations with `organization_id`/`project_id`, else the caller's own. */
  listEvaluations: defineRoute({
    operationId: "evaluations.list",
    method: "GET",
    path: "/evaluations",
    summary: "List evaluations",
    tag: "evaluations",
    auth: "apiKey",
    query: ListEvaluationsQuerySchema,
    response: ListEvaluationsResponseSchema,
    errors: ["NOT_FOUND"],
  }),

  /** Extension: the owner makes an evaluation public (readable with its results by any key) or not. */
  updateEvaluation: defineRoute({
    operationId: "evaluations.update",
    method: "PATCH",
    path: "/evaluations/{evaluation_id}",
    summary: "Make an evaluation public or private",
    tag: "evaluations",
    auth: "apiKey",
    params: EvaluationPathSchema,
    body: UpdateEvaluationBodySchema,
    response: EvaluationSchema,
  }),
  /** Extension: stops a pending or running evaluation; in-flight model calls are aborted. */
  cancelEvaluation: defineRoute({
    operationId: "evaluations.cancel",
    method: "POST",
    path: "/evaluations/{evaluation_id}/cancel",
    summary: "Cancel an evaluation",
    tag: "evaluations",
    auth: "apiKey",
    params: EvaluationPathSchema,
    response: EvaluationSchema,
  }),

  /**
   * Extension: server-sent events of a running evaluation's progress, then its final state.
   * The server reads the counters about once a second, once per evaluation however many watch.
   */
  streamEvaluationEvents: defineRoute({
    operationId: "evaluations.events",
    method: "GET",
    path: "/organizations/{organization_id}/projects/{project_id}/evaluations/{evaluation_id}/events",
    summary: "Follow an evaluation's progress (server-sent events)",
    tag: "evaluations",
    auth: "apiKey",
    params: ProjectEvaluationPathSchema,
    responseKind: "event-stream",
    response: EvaluationProgressEventSchema,
  }),

  /** #18: one page of an evaluation's per-prompt results, bare. */
  listResults: defineRoute({
    operationId: "results.list",
    method: "GET",
    path: "/results",
    summary: "List an evaluation's per-prompt results",
    tag: "results",
    auth: "apiKey",
    query: ListResultsQuerySchema,
    response: ListResultsResponseSchema,
    errors: ["NOT_FOUND"],
  }),

  /** #19: bound before anything else under `/results`; bare. */
  /** Extension: 2 to 10 evaluations of one benchmark, prompts × runs, with every pair's test. */
  runMatrix: defineRoute({
    operationId: "results.matrix",
    method: "GET",
    path: "/results/matrix",
    summary: "Put 2 to 10 evaluations of one benchmark side by side, prompt by prompt",
    tag: "results",
    auth: "apiKey",
    query: RunMatrixQuerySchema,
    response: RunMatrixResponseSchema,
    errors: ["NOT_FOUND"],
  }),

  /** Extension: the answer behind one cell of the run matrix, asked for when a person opens it. */
  promptAnswer: defineRoute({
    operationId: "results.answer",
    method: "GET",
    path: "/results/answer",
    summary: "One evaluation's answer to one prompt",
    tag: "results",
    auth: "apiKey",
    query: PromptAnswerQuerySchema,
    response: PromptAnswerResponseSchema,
    errors: ["NOT_FOUND"],
  }),

  compareResults: defineRoute({
    operationId: "results.compare",
    method: "GET",
    path: "/results/comparison",
    summary: "Pair two evaluations' results by prompt, with paired statistics",
    tag: "results",
    auth: "apiKey",
    query: ComparisonQuerySchema,
    response: ComparisonResponseSchema,
    errors: ["NOT_FOUND"],
  }),

  health: defineRoute({
    operationId: "meta.health",
    method: "GET",
    path: "/health",
    summary: "Liveness and database reachability",
    tag: "meta",
    auth: "none",
    response: HealthSchema,
  }),

  openapi: defineRoute({
    operationId: "meta.openapi",
    method: "GET",
    path: "/openapi.json",
    summary: "This OpenAPI 3.1 document",
    tag: "meta",
    auth: "none",
    response: z.record(z.string(), z.unknown()),
  }),
} satisfies Record<string, Route>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
