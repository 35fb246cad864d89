import {
  type CostEstimate,
  type ListedTraceEvaluation,
  routes,
  type TRACE_EVALUATION_SORT_KEYS,
  type TraceEvaluation,
  type TraceEvaluationResult,
} from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { checkWaitDuration, pollUntilFinished } from "../core/wait-duration.ts";
import { NotFoundError } from "../errors.ts";
import { type Pagination, pagination } from "./pagination.ts";
import { type SortOrder, textParam } from "./query.ts";
import { type IdRef, idOf, idsOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** Filters, order and paging of `traceEvaluations.getMany()` (protocol §10.3). */
export interface TraceEvaluationListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 20, clamped to 1…100 (this list's own range). */
  pageSize?: number | undefined;
  judgeId?: string | undefined;
  traceId?: string | undefined;
  /** Only verdicts that passed, or failed. */
  outcome?: "pass" | "fail" | undefined;
  /** Only evaluations created within this long before now: `24h`, `7d`, `2w`. */
  timeRange?: string | undefined;
  /** Free text, matched against the judge's name, the verdict's reasoning and the trace input. */
  search?: string | undefined;
  /** Default: newest first. */
  sortBy?: (typeof TRACE_EVALUATION_SORT_KEYS)[number] | undefined;
  sortOrder?: SortOrder | undefined;
}

export interface TraceEvaluationPage {
  /** Each with its verdict (`result`) once the judge has given one. */
  traceEvaluations: ListedTraceEvaluation[];
  /** Evaluations on this page. */
  count: number;
  /** Matching evaluations on all pages (the wire's `total`). */
  totalCount: number;
  pagination: Pagination;
}

export interface WaitForTraceEvaluationOptions extends RequestOptions {
  /**
   * A fixed wait between polls. Default: 0.5 s first, growing with the time waited to at most
   * 10 s (`DEFAULT_POLL_SCHEDULE`).
   */
  intervalMs?: number | undefined;
  /**
   * Give up (`WaitTimeoutError`) after this long; default 300 000 ms, as the original SDK.
   * `Infinity` waits as long as it takes.
   */
  timeoutMs?: number | undefined;
  /** Called with every state polled, the finished one included. */
  onProgress?: ((traceEvaluation: TraceEvaluation) => void) | undefined;
}

/** What `waitForCompletion()` ends with: the final state and, after `success`, the verdict. */
export interface FinishedTraceEvaluation {
  traceEvaluation: TraceEvaluation;
  /** Undefined when the run ended `failure` (`traceEvaluation.status_description` says why). */
  result: TraceEvaluationResult | undefined;
}

export const DEFAULT_TRACE_WAIT_TIMEOUT_MS = 300_000;

/** Most evaluations per page of this list, and the default (protocol §10.3). */
const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

/** True once the judge has answered (`success`) or given up (`failure`). */
export function isTraceEvaluationFinished(
  traceEvaluation: Pick<TraceEvaluation, "status">,
): boolean {
  return traceEvaluation.status === "success" || traceEvaluation.status === "failure";
}

/**
 * `client.traceEvaluations`: one judge run over one trace, executed by the server in the
 * background. The verdict (score, passed, reasoning) is read with `getResults()` once it exists.
 */
export class TraceEvaluations extends APIResource {
  /** Starts judging `trace` with `judge`'s current version; answers the new evaluation (`pending`). */
  async create(trace: IdRef, judge: IdRef, options?: RequestOptions): Promise<TraceEvaluation> {
    const { data } = await this.client.request(
      routes.createTraceEvaluation,
      {
        body: { trace_id: idOf(trace, "trace", "Trace"), judge_id: idOf(judge, "judge", "Judge") },
      },
      options,
    );
    return data;
  }

  /**
   * Extension: judges up to 1 000 traces with one judge, created in one transaction (all or
   * none); answers the evaluations in the order of `traces`.
   */
  async createMany(
    traces: readonly IdRef[],
    judge: IdRef,
    options?: RequestOptions,
  ): Promise<TraceEvaluation[]> {
    const { data } = await this.client.request(
      routes.bulkCreateTraceEvaluations,
      {
        body: {
          judge_id: idOf(judge, "judge", "Judge"),
          trace_ids: idsOf(traces, "traces", "Trace"),
        },
      },
      options,
    );
    return data.trace_evaluations;
  }

  /** The evaluation's current state; an unknown id raises `NotFoundError`. */
  async get(traceEvaluation: IdRef, options?: RequestOptions): Promise<TraceEvaluation> {
    const { data } = await this.client.request(
      routes.getTraceEvaluation,
      {
        params: {
          trace_evaluation_id: idOf(traceEvaluation, "traceEvaluation", "TraceEvaluation"),
        },
      },
      options,
    );
    return data;
  }

  /** One page of the project's trace evaluations. */
  async getMany(
    params: TraceEvaluationListParams = {},
    options?: RequestOptions,
  ): Promise<TraceEvaluationPage> {
    const page = params.page ?? 1;
    const pageSize = clampTracePageSize(params.pageSize);
    const { data } = await this.client.request(
      routes.listTraceEvaluations,
      {
        query: {
          page,
          page_size: pageSize,
          judge_id: textParam(params.judgeId),
          trace_id: textParam(params.traceId),
          outcome: params.outcome,
          time_range: textParam(params.timeRange),
          search: textParam(params.search),
          sort_by: params.sortBy,
          sort_order: params.sortOrder,
        },
      },
      options,
    );
    return {
      traceEvaluations: data.trace_evaluations,
      count: data.count,
      totalCount: data.total,
      pagination: pagination(page, pageSize, data.total),
    };
  }

  /**
   * The verdict, or undefined while there is none yet: the server answers 404 until the judge's
   * verdict is stored (protocol §10.4), so an unknown id is undefined too; `get()` tells them apart.
   */
  async getResults(
    traceEvaluation: IdRef,
    options?: RequestOptions,
  ): Promise<TraceEvaluationResult | undefined> {
    try {
      const { data } = await this.client.request(
        routes.getTraceEvaluationResult,
        {
          params: {
            trace_evaluation_id: idOf(traceEvaluation, "traceEvaluation", "TraceEvaluation"),
          },
        },
        options,
      );
      return data;
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  /** What judging `traces` with `judge` would cost: tokens and US dollars, before running it. */
  async estimateCost(
    traces: readonly IdRef[],
    judge: IdRef,
    options?: RequestOptions,
  ): Promise<CostEstimate> {
    const { data } = await this.client.request(
      routes.estimateTraceEvaluationCost,
      {
        body: {
          trace_ids: idsOf(traces, "traces", "Trace"),
          judge_id: idOf(judge, "judge", "Judge"),
        },
      },
      options,
    );
    return data;
  }

  /**
   * Polls the evaluation (at once, then on the default schedule or every `intervalMs`) until it
   * ends `success` or
   * `failure`, then reads the verdict once (protocol §10.6). After `timeoutMs` it raises
   * `WaitTimeoutError` (`last`: the final state); an aborted `signal` raises
   * `APIConnectionError`. Neither stops the evaluation on the server.
   */
  async waitForCompletion(
    traceEvaluation: IdRef,
    options: WaitForTraceEvaluationOptions = {},
  ): Promise<FinishedTraceEvaluation> {
    const {
      intervalMs,
      timeoutMs = DEFAULT_TRACE_WAIT_TIMEOUT_MS,
      onProgress,
      ...request
    } = options;
    if (intervalMs !== undefined) checkWaitDuration("intervalMs", intervalMs);
    checkWaitDuration("timeoutMs", timeoutMs, true);
    const id = idOf(traceEvaluation, "traceEvaluation", "TraceEvaluation");
    const current = await pollUntilFinished({
      label: `Trace evaluation ${id}`,
      read: () => this.get(id, request),
      finished: isTraceEvaluationFinished,
      intervalMs,
      timeoutMs,
      onProgress,
      signal: request.signal,
    });
    const result = current.status === "success" ? await this.getResults(id, request) : undefined;
    return { traceEvaluation: current, result };
  }
}

function clampTracePageSize(pageSize: number | undefined): number {
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(pageSize ?? DEFAULT_PAGE_SIZE)));
}
