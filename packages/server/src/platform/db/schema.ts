import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types for Kysely, shared by SQLite and PostgreSQL. Portable column conventions:
 * ids are UUID text; timestamps are ISO-8601 UTC text (`toISOString()`, sortable as text);
 * JSON is text; booleans are 0/1 integers.
 */
export interface DatabaseSchema {
  organizations: OrganizationsTable;
  projects: ProjectsTable;
  api_keys: ApiKeysTable;
  ui_sessions: UiSessionsTable;
  uploads: UploadsTable;
  jobs: JobsTable;
  rate_limit_buckets: RateLimitBucketsTable;
  instance_settings: InstanceSettingsTable;
  models: ModelsTable;
  benchmarks: BenchmarksTable;
  project_models: ProjectModelsTable;
  project_benchmarks: ProjectBenchmarksTable;
  benchmark_prompts: BenchmarkPromptsTable;
  benchmark_files: BenchmarkFilesTable;
  evaluations: EvaluationsTable;
  evaluation_samples: EvaluationSamplesTable;
  evaluation_results: EvaluationResultsTable;
  result_text_indexes: ResultTextIndexesTable;
  response_cache: ResponseCacheTable;
  endpoint_limits: EndpointLimitsTable;
  endpoint_grants: EndpointGrantsTable;
  judges: JudgesTable;
  judge_versions: JudgeVersionsTable;
  traces: TracesTable;
  trace_evaluations: TraceEvaluationsTable;
  annotations: AnnotationsTable;
  judge_optimization_runs: JudgeOptimizationRunsTable;
  evaluation_spaces: EvaluationSpacesTable;
  scorers: ScorersTable;
  benchmark_scorers: BenchmarkScorersTable;
  idempotency_keys: IdempotencyKeysTable;
  integrations: IntegrationsTable;
  integration_events: IntegrationEventsTable;
  integration_deliveries: IntegrationDeliveriesTable;
  integration_attempts: IntegrationAttemptsTable;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  owner_id: string | null;
  created_at: string;
}

export interface ProjectsTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  /** The project listed first for this key (the original clients work in `projects[0]`). */
  project_id: string;
  name: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  /** What may be shown: the first characters and the last four, e.g. `assay_Ab12…wxyz`. */
  display: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A dashboard sign-in: the SHA-256 of the cookie's token, never the token. */
export interface UiSessionsTable {
  token_hash: string;
  api_key_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface UploadsTable {
  id: string;
  organization_id: string;
  project_id: string;
  /** What the file is for: `benchmark` (datasets, documents) or `trace`. */
  purpose: string;
  /** The benchmark name sent with a benchmark upload (`key` in the request), if any. */
  upload_key: string | null;
  filename: string;
  content_type: string;
  size: number;
  /** Server-chosen: `uploads/{organization}/{project}/{upload id}`. */
  object_key: string;
  expires_at: string;
  created_at: string;
}

export interface JobsTable {
  id: string;
  name: string;
  payload: string;
  /** `queued` → `active` → `completed` | `failed` (back to `queued` for a retry). */
  status: string;
  /** At most one queued-or-active job per singleton key. */
  singleton_key: string | null;
  run_at: string;
  /** Fair-scheduling rank: due jobs are claimed lowest rank first, then by run_at. */
  rank: Generated<number>;
  /** Whom the job works for: the key with the fewest active jobs is served first. */
  fair_key: string | null;
  attempts: Generated<number>;
  max_attempts: number;
  /** Fencing token of the current lease: a worker whose lease was taken over writes nothing. */
  lease_token: string | null;
  lease_expires_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface RateLimitBucketsTable {
  bucket_key: string;
  tokens: number;
  /** Seconds since the epoch, fractional. */
  updated_at: number;
  /** How many requests the last statement let in (it serves a batch of them). */
  taken: number;
}

export interface InstanceSettingsTable {
  name: string;
  value: string;
}

/** `catalog` rows mirror the model catalog file (for references); `custom` rows are a project's. */
export interface ModelsTable {
  id: string;
  kind: "catalog" | "custom";
  key: string;
  name: string;
  description: string;
  organization_id: string | null;
  project_id: string | null;
  api_url: string | null;
  max_tokens: number | null;
  /** The provider key, sealed by the secret box (AES-256-GCM, bound to the model id). */
  api_key_sealed: string | null;
  /** JSON object. */
  extra_payload: string | null;
  provider_model: string | null;
  /** How a custom model is asked (a request profile's name); null: any OpenAI-compatible server. */
  request_profile: string | null;
  /** A custom model's prices, USD per token as decimal text; null: none (both or neither). */
  cost_per_input_token: string | null;
  cost_per_output_token: string | null;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BenchmarksTable {
  id: string;
  kind: "catalog" | "custom" | "smart";
  key: string;
  name: string;
  description: string;
  organization_id: string | null;
  project_id: string | null;
  system_prompt: string | null;
  regex_pattern: string | null;
  scoring_metric: string | null;
  llm_judge_model_id: string | null;
  custom_instructions: string | null;
  input_type: string | null;
  /** JSON array of metric names (additional metrics, or a smart benchmark's metrics). */
  metrics: string;
  /** `ready`, `generating` (smart benchmarks until generated) or `failed`. */
  generation_status: string;
  status_description: string;
  /** sha256 of the source file of a built-in benchmark's loaded data, else null. */
  version: string | null;
  prompt_count: number;
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProjectModelsTable {
  project_id: string;
  model_id: string;
  attached_at: string;
}

export interface ProjectBenchmarksTable {
  project_id: string;
  benchmark_id: string;
  attached_at: string;
}

export interface BenchmarkPromptsTable {
  benchmark_id: string;
  id: string;
  /** Order in the source file, from 0. */
  position: number;
  /** JSON: a string, an object, or chat messages. */
  input: string;
  /** The input flattened to text, for search and sort. */
  input_text: string;
  truth: string;
  subset: string | null;
  /** JSON object or null. */
  metadata: string | null;
}

/** Uploaded files a benchmark was made from: a custom dataset's file, a smart benchmark's documents. */
export interface BenchmarkFilesTable {
  benchmark_id: string;
  position: number;
  filename: string;
  content_type: string;
  size: number;
  object_key: string;
}

/** Counters move only together with the result rows they count, in the same transaction. */
export interface EvaluationsTable {
  id: string;
  organization_id: string;
  project_id: string;
  model_id: string;
  benchmark_id: string;
  status: string;
  status_description: string;
  /** JSON: `{concurrency, limit, cache}` as requested. */
  options: string;
  total_count: number;
  done_count: Generated<number>;
  correct_count: Generated<number>;
  failed_count: Generated<number>;
  cached_count: Generated<number>;
  duration_ms_sum: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  reasoning_tokens: Generated<number>;
  /** The Idempotency-Key of the request that created it, if it had one. */
  idempotency_key: Generated<string | null>;
  cost_usd: number | null;
  /** JSON statistics computed from the result rows when the run finished. */
  stats: string | null;
  submitted_at: string;
  started_at: string | null;
  deadline_at: string | null;
  finished_at: string | null;
  /** 1: readable with its results by any valid key, and in every public listing. */
  is_public: Generated<number>;
  /** The benchmark's `version` when the run was created (catalog data sha256); else null. */
  benchmark_version: string | null;
  /** JSON list of the run's scorers as they were at its creation; null when it has none. */
  scorers: string | null;
}

export interface EvaluationSamplesTable {
  evaluation_id: string;
  /** 0-based, dense: a run's work is split into ranges of positions. */
  position: number;
  prompt_id: string;
  /** JSON of the prompt's input (a string, chat messages or a JSON payload). */
  input: string;
  input_text: string;
  truth: string;
  subset: string | null;
  /** Which ask of its prompt this copy is: 0…repeats − 1, at position prompt index · repeats + repeat. */
  repeat: Generated<number>;
}

export interface EvaluationResultsTable {
  evaluation_id: string;
  position: number;
  response: string;
  score: number;
  passed: number;
  reason: string;
  error: string | null;
  duration_ms: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Of `completion_tokens`, those the model spent reasoning. */
  reasoning_tokens: number;
  /** The reasoning the model returned apart from `response` (never scored); null when none. */
  reasoning: string | null;
  cost_usd: number | null;
  cached: number;
  /** JSON: additional metric name → number or null. */
  metrics: string;
  /** JSON of each scorer's grade by scorer id (the wire's ScorerScore); null without scorers. */
  scorer_scores: string | null;
  /** JSON of what running the answer's code did (the wire's ResultExecution); null: no code ran. */
  execution: string | null;
  created_at: string;
}

/**
 * A finished evaluation whose texts are in the search index (`result_texts`, read through raw SQL:
 * an FTS5 table on SQLite, a trigram-indexed one on PostgreSQL).
 */
export interface ResultTextIndexesTable {
  /** Never reused: on SQLite, the evaluation's rows are the rowids key × 2³² + position. */
  key: Generated<number>;
  evaluation_id: string;
  /** The results indexed; the index is rebuilt when the run's done_count differs. */
  indexed_count: number;
}

export interface ResponseCacheTable {
  /** sha256 of (organization, endpoint URL, request body). */
  key: string;
  content: string;
  reasoning: string | null;
  finish_reason: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
  created_at: string;
}

/** Adaptive concurrency shared by every worker process calling one endpoint with one key. */
export interface EndpointLimitsTable {
  endpoint: string;
  max_limit: number;
  current_limit: number;
  cut_at: string | null;
  grown_at: string | null;
  updated_at: string;
}

/** The share of an endpoint's limit each worker process may use; stale heartbeats count as 0. */
export interface EndpointGrantsTable {
  endpoint: string;
  worker_id: string;
  granted: number;
  demand: number;
  heartbeat_at: string;
}

export interface JudgesTable {
  id: string;
  organization_id: string;
  project_id: string;
  name: string;
  evaluation_goal: string;
  /** The judge model (a row of `models`); null: the configured default judge model. */
  model_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Every version of a judge, the current one included. */
export interface JudgeVersionsTable {
  judge_id: string;
  version: number;
  name: string;
  evaluation_goal: string;
  model_id: string | null;
  updated_at: string;
  /** The API key's display form. */
  updated_by: string;
}

export interface TracesTable {
  id: string;
  organization_id: string;
  project_id: string;
  /** The uploaded file's name: the trace's source. */
  filename: string;
  /** 1-based record number in its file. */
  position: number;
  /** The recognized shape (protocol TRACE_FORMATS). */
  format: string;
  input: string | null;
  /** JSON of the record. */
  data: string;
  integration_id: string | null;
  /** The upload it was imported from (unique with `position`: an upload is imported once). */
  upload_id: Generated<string | null>;
  created_at: string;
  /** The trace's summary (engine/traces/summary), null where the trace does not say. */
  duration_ms: Generated<number | null>;
  input_tokens: Generated<number | null>;
  output_tokens: Generated<number | null>;
  total_tokens: Generated<number | null>;
  /** USD from the model's prices (catalog or custom model) when known at import. */
  cost_usd: Generated<number | null>;
  model: Generated<string | null>;
  service_name: Generated<string | null>;
  session_id: Generated<string | null>;
  user_id: Generated<string | null>;
  /** Which summary reader filled the columns; null until one has (rows older than 0021). */
  summary_version: Generated<number | null>;
}

export interface TraceEvaluationsTable {
  id: string;
  organization_id: string;
  project_id: string;
  trace_id: string;
  judge_id: string;
  judge_version: number;
  /** JSON of the protocol's JudgeSnapshot at creation. */
  judge_snapshot: string;
  status: string;
  status_description: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The verdict (all null until the judge answered). */
  result_id: string | null;
  score: number | null;
  passed: number | null;
  reasoning: string | null;
  model: string | null;
  turns: number | null;
  latency_ms: number | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_cost: number | null;
  truncated: number | null;
  result_at: string | null;
}

/** A person's label: what the judge should say about the trace. One per (judge, trace). */
export interface AnnotationsTable {
  id: string;
  organization_id: string;
  project_id: string;
  judge_id: string;
  trace_id: string;
  /** The trace evaluation it was put through (the latest one, for an import). */
  trace_evaluation_id: string;
  passed: number;
  score: number | null;
  comment: string | null;
  created_at: string;
  updated_at: string;
  /** The API key's display form. */
  created_by: string;
}

export interface JudgeOptimizationRunsTable {
  id: string;
  organization_id: string;
  project_id: string;
  judge_id: string;
  /** The judge version the run started from, and its protocol JudgeSnapshot (JSON). */
  judge_version: number;
  judge_snapshot: string;
  budget: string;
  status: string;
  status_description: string;
  annotation_count: number;
  estimated_cost: number;
  actual_cost: number;
  /** The API key's display form. */
  user_id: string;
  original_goal: string;
  optimized_goal: string | null;
  /** One line per step, round by round. */
  logs: string;
  baseline_accuracy: number | null;
  optimized_accuracy: number | null;
  /** JSON of the protocol's OptimizationStats, once measured. */
  stats: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  applied_at: string | null;
  applied_version: number | null;
}

export type AnnotationRow = Selectable<AnnotationsTable>;
export type JudgeOptimizationRunRow = Selectable<JudgeOptimizationRunsTable>;
export type JudgeRow = Selectable<JudgesTable>;
export type TraceRow = Selectable<TracesTable>;
export type TraceEvaluationRow = Selectable<TraceEvaluationsTable>;
export type EvaluationRow = Selectable<EvaluationsTable>;
export type EvaluationResultRow = Selectable<EvaluationResultsTable>;
export type NewEvaluationResult = Insertable<EvaluationResultsTable>;
export type ModelRow = Selectable<ModelsTable>;
export type BenchmarkRow = Selectable<BenchmarksTable>;
export type BenchmarkPromptRow = Selectable<BenchmarkPromptsTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKey = Insertable<ApiKeysTable>;
export type UiSessionRow = Selectable<UiSessionsTable>;
export type UploadRow = Selectable<UploadsTable>;
export type JobRow = Selectable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;

/** A project's leaderboard: named filters over its evaluations (nothing else is stored). */
export interface EvaluationSpacesTable {
  id: string;
  organization_id: string;
  project_id: string;
  name: string;
  /**
   * Unique per project (migration 0022); null only on the table's definition, which SQLite could
   * not give a NOT NULL column: every row has one.
   */
  slug: string;
  description: string;
  visibility: string;
  /** JSON of the protocol's EvaluationSpaceFilters. */
  filters: string;
  weight: number;
  is_featured: number;
  /** The creating API key's display form. */
  created_by: string;
  created_at: string;
  updated_at: string;
}
export type EvaluationSpaceRow = Selectable<EvaluationSpacesTable>;

/** A project's grading rubric, judged by `model_id` (protocol §13.1). */
export interface ScorersTable {
  id: string;
  organization_id: string;
  project_id: string;
  name: string;
  description: string;
  model_id: string;
  prompt: string;
  created_at: string;
  updated_at: string;
}
export type ScorerRow = Selectable<ScorersTable>;

/** The scorers a custom benchmark's runs are graded by, in order. */
export interface BenchmarkScorersTable {
  benchmark_id: string;
  scorer_id: string;
  position: number;
}

/** A POST's Idempotency-Key and, once it finished, its answer (kept a day). */
export interface IdempotencyKeysTable {
  organization_id: string;
  key: string;
  fingerprint: string;
  status_code: number | null;
  response: string | null;
  locked_until: string;
  created_at: string;
}

/** An organization's outbound notification (migration 0023). */
export interface IntegrationsTable {
  id: string;
  organization_id: string;
  name: string;
  type: string;
  host_url: string;
  /** JSON array of event types. */
  events: string;
  /** JSON array of project ids; empty: every project. */
  project_ids: string;
  active: number;
  /** Sealed with the master key, the integration's id as context. */
  secret: string;
  secret_last4: string;
  status: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}
export type IntegrationRow = IntegrationsTable;

/** The outbox: a run's end, stored in the transaction that ended it. */
export interface IntegrationEventsTable {
  id: string;
  organization_id: string;
  project_id: string | null;
  type: string;
  object: string;
  run_id: string;
  /** JSON of the body's `data`, rendered once at the first attempt. */
  data: string | null;
  created_at: string;
}
export type IntegrationEventRow = IntegrationEventsTable;

/** One event to one integration, until acknowledged or given up. */
export interface IntegrationDeliveriesTable {
  id: string;
  integration_id: string;
  event_id: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  lease_token: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
}
export type IntegrationDeliveryRow = IntegrationDeliveriesTable;

/** One attempt to deliver (the delivery log). */
export interface IntegrationAttemptsTable {
  id: string;
  integration_id: string;
  delivery_id: string | null;
  event_id: string;
  event_type: string;
  attempt: number;
  status: string;
  http_status: number | null;
  latency_ms: number;
  response_excerpt: string;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}
export type IntegrationAttemptRow = IntegrationAttemptsTable;
