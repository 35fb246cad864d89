import {
  type CreateEvaluationItem,
  type Evaluation,
  type EvaluationEventName,
  type EvaluationPlan,
  type EvaluationProgressEvent,
  type EvaluationStatus,
  FINISHED_EVALUATION_STATUSES,
  type ReasoningEffort,
  routes,
  type UpdateEvaluationBody,
} from "@assay/protocol";
import type { APIClient } from "../core/api-client.ts";
import { argumentError, checkArray, checkObject } from "../core/check-argument.ts";
import type { RequestOptions } from "../core/client-options.ts";
import type { ScopedClient } from "../core/scoped-client.ts";
import { checkWaitDuration, pollUntilFinished } from "../core/wait-duration.ts";
import { ServiceError } from "../errors.ts";
import {
  baselineCheck,
  checkGateCriteria,
  type GateCheck,
  type GateCriteria,
  GateError,
  type GateReport,
  gateReport,
  thresholdCheck,
} from "./evaluation-gate.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { listParam, type SortOrder } from "./query.ts";
import { idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** An evaluation as methods take it: the object a method returned, or its id. */
export type EvaluationRef = string | { readonly id: string };

/** One event of `evaluations.events()`: progress while running, then `done` with the final state. */
export interface EvaluationEvent {
  event: EvaluationEventName;
  data: EvaluationProgressEvent;
}

/**
 * A model or benchmark as `create()` takes it: what `client.models`/`client.benchmarks` (or the
 * public client) returned, or just `{ id }`. A project's own model or benchmark is recognised by
 * its `organization_id` key, the original SDK's rule, and flagged `is_custom_*` in the request.
 */
export interface EvaluationTarget {
  readonly id: string;
  readonly organization_id?: unknown;
}

/** Assay's extensions of a create request; the server's defaults when left out. */
export interface CreateEvaluationOptions {
  /** Run only the first N prompts of the benchmark. */
  limit?: number | undefined;
  /** Most model calls in flight at once for this evaluation. */
  concurrency?: number | undefined;
  /** false: call the model even when an identical deterministic request is cached. */
  cache?: boolean | undefined;
  /**
   * The run's budget in US dollars: once the cost of its stored answers reaches it, the run stops
   * as `failure` (keeping them) and says so. Refused (`BadRequestError`) for a model without
   * prices, whose cost is never known.
   */
  maxCostUsd?: number | undefined;
  /**
   * Sampling, sent as `temperature`, `top_p`, `seed`, `max_tokens` and `reasoning_effort`; left
   * out, the model's request profile decides (temperature 0 where the model takes one). The
   * server checks each against that profile and refuses what the model does not take with a
   * `BadRequestError` naming the field (`body.0.temperature`), so nothing is checked here.
   */
  temperature?: number | undefined;
  /** Nucleus sampling, 0 < topP ≤ 1. */
  topP?: number | undefined;
  /** Best effort at providers that take one; a seeded sampled run is still never cached. */
  seed?: number | undefined;
  /** The most tokens an answer may use, reasoning included; the model's own limit otherwise. */
  maxTokens?: number | undefined;
  reasoningEffort?: ReasoningEffort | undefined;
  /**
   * Ask each prompt this many times (1–32, sent as `repeats`): the run's accuracy is then the
   * mean of per-prompt means with its interval clustered by prompt, and `assay.repeats` holds
   * pass@k, pass^k, the majority vote and the flip rate. Repeats never come from the response
   * cache; with a `seed`, repeat i is sent seed + i. The server refuses a count outside 1–32.
   */
  repeats?: number | undefined;
}

export interface CreateEvaluationInput extends CreateEvaluationOptions {
  model: EvaluationTarget;
  benchmark: EvaluationTarget;
}

export type EvaluationSortKey = "submitted_at" | "accuracy" | "average_duration";

/** Filters, order and paging of `evaluations.getMany()` (protocol §6.3). */
export interface EvaluationListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
  /** Default: newest first. */
  sortBy?: EvaluationSortKey | undefined;
  order?: SortOrder | undefined;
  modelIds?: readonly string[] | undefined;
  benchmarkIds?: readonly string[] | undefined;
  status?: EvaluationStatus | undefined;
  /** Only the latest evaluation of each model × benchmark pair. */
  unique?: boolean | undefined;
  /**
   * A case-insensitive substring of the model's name or key, the benchmark's name or key, or the
   * evaluation's id (an Assay extension).
   */
  search?: string | undefined;
}

export interface EvaluationPage {
  evaluations: Evaluation[];
  /** Matching evaluations on all pages. */
  totalCount: number;
  pagination: Pagination;
}

export interface WaitForCompletionOptions extends RequestOptions {
  /**
   * A fixed wait between polls. Default: 0.5 s first, growing with the time waited to at most
   * 10 s (`DEFAULT_POLL_SCHEDULE`), so a short run is reported within a second of its end.
   */
  intervalMs?: number | undefined;
  /** Give up (`WaitTimeoutError`) after this long; default: wait as long as it takes. */
  timeoutMs?: number | undefined;
  /** Called with every evaluation polled, the finished one included. */
  onProgress?: ((evaluation: Evaluation) => void) | undefined;
}

/** True once nothing more will change: `success`, `failure`, `timeout` or `cancelled`. */
export function isFinished(evaluation: Pick<Evaluation, "status">): boolean {
  return FINISHED_EVALUATION_STATUSES.includes(evaluation.status);
}

/** `client.evaluations`: runs of a model on a benchmark, executed by the server in the background. */
export class Evaluations extends APIResource<ScopedClient> {
  /**
   * Starts evaluating `model` on `benchmark` and answers the new evaluation (`pending`); the
   * server runs it on its own, `waitForCompletion()` follows it. Anything but a model and a
   * benchmark object (`undefined` from a `getByKey()` of an unknown key, an id string) raises a
   * `TypeError` before any request.
   */
  async create(
    model: EvaluationTarget,
    benchmark: EvaluationTarget,
    createOptions: CreateEvaluationOptions = {},
    options?: RequestOptions,
  ): Promise<Evaluation> {
    checkTarget(model, "model", "Model", "models");
    checkTarget(benchmark, "benchmark", "Benchmark", "benchmarks");
    const [evaluation] = await this.createMany([{ model, benchmark, ...createOptions }], options);
    if (evaluation === undefined) {
      throw new ServiceError("The service created no evaluation (an empty answer).");
    }
    return evaluation;
  }

  /** Starts several evaluations (at most 20) in one request; answers them in the same order. */
  async createMany(
    inputs: readonly CreateEvaluationInput[],
    options?: RequestOptions,
  ): Promise<Evaluation[]> {
    const items = checkArray(inputs, "inputs", "an array of { model, benchmark }").map(
      toCreateItem,
    );
    const { data } = await this.client.request(routes.createEvaluations, { body: items }, options);
    return data;
  }

  /**
   * What `create()` with the same arguments would cost and tell, without creating anything: the
   * run's calls (prompts × repeats), its estimated tokens and cost (from the catalog's prices or
   * the model's own), and how wide its 95% accuracy interval should be, each with its basis in
   * words (`plan.cost.description`, …). Refused exactly where `create()` would be.
   */
  async plan(
    model: EvaluationTarget,
    benchmark: EvaluationTarget,
    createOptions: CreateEvaluationOptions = {},
    options?: RequestOptions,
  ): Promise<EvaluationPlan> {
    checkTarget(model, "model", "Model", "models");
    checkTarget(benchmark, "benchmark", "Benchmark", "benchmarks");
    const [plan] = await this.planMany([{ model, benchmark, ...createOptions }], options);
    if (plan === undefined)
      throw new ServiceError("The service planned nothing (an empty answer).");
    return plan;
  }

  /** The plans of several evaluations (at most 20), as `createMany()` would start them. */
  async planMany(
    inputs: readonly CreateEvaluationInput[],
    options?: RequestOptions,
  ): Promise<EvaluationPlan[]> {
    const items = checkArray(inputs, "inputs", "an array of { model, benchmark }").map(
      toCreateItem,
    );
    const { data } = await this.client.request(routes.planEvaluations, { body: items }, options);
    return data;
  }

  /** The evaluation's current state: status, progress and, once finished, its statistics. */
  async get(evaluation: EvaluationRef, options?: RequestOptions): Promise<Evaluation> {
    return this.getById(evaluationId(evaluation), options);
  }

  /** An unknown id (or another organization's) raises `NotFoundError`. */
  getById(id: string, options?: RequestOptions): Promise<Evaluation> {
    return this.client.request(routes.getEvaluation, { params: { evaluation_id: id } }, options);
  }

  /** One page of the project's evaluations, with the total and the page summary. */
  async getMany(
    params: EvaluationListParams = {},
    options?: RequestOptions,
  ): Promise<EvaluationPage> {
    const { organization, project } = await this.client.init(options);
    return listEvaluations(
      this.client,
      { organization_id: organization.id, project_id: project.id },
      params,
      options,
    );
  }

  /**
   * Changes what the owner may change: `is_public` makes the evaluation, with its results,
   * readable by any key and listed publicly (`false` makes it private again). Another
   * organization's evaluation raises `NotFoundError`, public or not.
   */
  async update(
    evaluation: EvaluationRef,
    changes: UpdateEvaluationBody,
    options?: RequestOptions,
  ): Promise<Evaluation> {
    return this.client.request(
      routes.updateEvaluation,
      { params: { evaluation_id: evaluationId(evaluation) }, body: changes },
      options,
    );
  }

  /** `update(evaluation, { is_public })`. */
  async setPublic(
    evaluation: EvaluationRef,
    isPublic: boolean,
    options?: RequestOptions,
  ): Promise<Evaluation> {
    return this.update(evaluation, { is_public: isPublic }, options);
  }

  /**
   * Stops a pending or running evaluation (model calls in flight are aborted) and answers it,
   * `cancelled`. One that has already finished is answered unchanged.
   */
  async cancel(evaluation: EvaluationRef, options?: RequestOptions): Promise<Evaluation> {
    return this.client.request(
      routes.cancelEvaluation,
      { params: { evaluation_id: evaluationId(evaluation) } },
      options,
    );
  }

  /**
   * Follows a project's evaluation live: yields `progress` events while it runs (done, correct,
   * failed, accuracy so far with its interim 95% interval), then one `done` event with the final
   * state, after which the iteration ends. Breaking out of the loop closes the connection. Uses
   * fetch streaming (no EventSource), so it works in browsers and Node alike.
   */
  async *events(
    evaluation: EvaluationRef,
    options?: RequestOptions,
  ): AsyncGenerator<EvaluationEvent> {
    const stream = this.client.stream(
      routes.streamEvaluationEvents,
      { params: { evaluation_id: evaluationId(evaluation) } },
      options,
    );
    for await (const { event, data } of stream) {
      if (event === "progress" || event === "done") yield { event, data };
    }
  }

  /**
   * Polls the evaluation (at once, then on the default schedule or every `intervalMs`) until it
   * has finished, `cancelled`
   * included, and answers its final state. After `timeoutMs` it raises `WaitTimeoutError`; an
   * aborted `signal` raises `APIConnectionError`. Neither stops the evaluation on the server.
   */
  async waitForCompletion(
    evaluation: EvaluationRef,
    options: WaitForCompletionOptions = {},
  ): Promise<Evaluation> {
    const { intervalMs, timeoutMs, onProgress, ...request } = options;
    if (intervalMs !== undefined) checkWaitDuration("intervalMs", intervalMs);
    if (timeoutMs !== undefined) checkWaitDuration("timeoutMs", timeoutMs);
    const id = evaluationId(evaluation);
    return pollUntilFinished({
      label: `Evaluation ${id}`,
      read: () => this.getById(id, request),
      finished: isFinished,
      intervalMs,
      timeoutMs,
      onProgress,
      signal: request.signal,
    });
  }

  /**
   * Assay extension: a release gate on the run (see `evaluation-gate.ts` for the rules). Waits
   * for the evaluation to finish (as `waitForCompletion()`, with the same options), then checks
   * it against `criteria.baseline` (paired, new − baseline, with `margin`) and/or
   * `criteria.minAccuracy`, on the service's 95% intervals, and answers the report: `passed` is
   * what CI should act on. Bad criteria, or a run that did not end `success`, raise `GateError`.
   */
  async gate(
    evaluation: EvaluationRef,
    criteria: GateCriteria,
    options: WaitForCompletionOptions = {},
  ): Promise<GateReport> {
    checkGateCriteria(criteria);
    const finished = await this.waitForCompletion(evaluation, options);
    if (finished.status !== "success")
      throw new GateError(
        `evaluation ${finished.id} ended ${finished.status}${finished.status_description ? ` (${finished.status_description})` : ""}: there is no result to gate`,
      );
    const { signal } = options;
    const checks: GateCheck[] = [];
    if (criteria.baseline !== undefined) {
      const answer = await this.client.request(
        routes.compareResults,
        {
          query: {
            evaluation_id_1: criteria.baseline,
            evaluation_id_2: finished.id,
            page: 1,
            page_size: 1,
            outcome_filter: "all",
          },
        },
        { signal },
      );
      checks.push(baselineCheck(criteria.baseline, criteria.margin ?? 0, answer.assay));
    }
    if (criteria.minAccuracy !== undefined)
      checks.push(thresholdCheck(criteria.minAccuracy, finished));
    return gateReport(finished, checks, criteria.failOnInconclusive ?? false);
  }
}

/**
 * `GET /evaluations` with the filters of `params`: a project's listing with `scope`, the public
 * listing (protocol §12.3) without. Shared by `client.evaluations` and the public client.
 */
export async function listEvaluations(
  client: APIClient,
  scope: { organization_id: string; project_id: string } | undefined,
  params: EvaluationListParams,
  options?: RequestOptions,
): Promise<EvaluationPage> {
  const page = params.page ?? 1;
  const pageSize = clampPageSize(params.pageSize);
  const answer = await client.request(
    routes.listEvaluations,
    {
      query: {
        ...scope,
        page,
        page_size: pageSize,
        sort_by: params.sortBy,
        order: params.order,
        models: listParam(params.modelIds),
        datasets: listParam(params.benchmarkIds),
        status: params.status,
        // Sent only when true, as the original SDK does.
        unique: params.unique ? "true" : undefined,
        search: params.search,
      },
    },
    options,
  );
  return {
    evaluations: answer.evaluations,
    totalCount: answer.total_count,
    pagination: pagination(page, pageSize, answer.total_count),
  };
}

/** The id of an evaluation argument; anything else raises a `TypeError` naming `name`. */
export function evaluationId(evaluation: EvaluationRef, name = "evaluation"): string {
  return idOf(evaluation, name, "Evaluation");
}

/** A model or benchmark argument of `create()`: an object as the SDK answers it. */
function checkTarget(value: EvaluationTarget, name: string, kind: string, resource: string): void {
  checkObject(value, name, `a ${kind} object (e.g. from client.${resource}.getByKey())`);
}

function toCreateItem(input: CreateEvaluationInput, i: number): CreateEvaluationItem {
  if (typeof input !== "object" || input === null) {
    throw argumentError(`inputs[${i}]`, "an object { model, benchmark }", input);
  }
  checkTarget(input.model, `inputs[${i}].model`, "Model", "models");
  checkTarget(input.benchmark, `inputs[${i}].benchmark`, "Benchmark", "benchmarks");
  return {
    model_id: input.model.id,
    dataset_id: input.benchmark.id,
    is_custom_model: "organization_id" in input.model,
    is_custom_dataset: "organization_id" in input.benchmark,
    limit: input.limit,
    concurrency: input.concurrency,
    cache: input.cache,
    repeats: input.repeats,
    max_cost_usd: input.maxCostUsd,
    temperature: input.temperature,
    top_p: input.topP,
    seed: input.seed,
    max_tokens: input.maxTokens,
    reasoning_effort: input.reasoningEffort,
  };
}
