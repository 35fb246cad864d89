import {
  type JudgeOptimizationRun,
  type OptimizationBudget,
  type OptimizationStatus,
  routes,
} from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { checkWaitDuration, pollUntilFinished } from "../core/wait-duration.ts";
import { type Pagination, pagination } from "./pagination.ts";
import { textParam } from "./query.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** What `estimate()` answers: the cost in US dollars and the calls it assumes. */
export interface OptimizationEstimate {
  estimated_cost: number;
  /** The judge's labeled traces; `create()` needs at least 10. */
  annotation_count: number;
  budget: OptimizationBudget;
  judge_calls: number;
  optimizer_calls: number;
}

/** What `create()` answers; `get()` has the whole run. */
export interface CreatedOptimization {
  id: string;
  judge_id: string;
  budget: OptimizationBudget;
  status: OptimizationStatus;
}

/** What `apply()` answers. */
export interface AppliedOptimization {
  judge_id: string;
  /** The judge's version now: a new one, or its current one when the goal was kept. */
  new_version: number;
  message: string;
}

export interface OptimizationListParams {
  /** Only the runs of this judge. */
  judgeId?: string | undefined;
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 20, clamped to 1…500 (protocol §11). */
  pageSize?: number | undefined;
}

export interface OptimizationPage {
  optimizationRuns: JudgeOptimizationRun[];
  /** Runs on this page. */
  count: number;
  /** Matching runs on all pages (the wire's `total`). */
  totalCount: number;
  pagination: Pagination;
}

export interface WaitForOptimizationOptions extends RequestOptions {
  /**
   * A fixed wait between polls. Default: 0.5 s first, growing with the time waited to at most
   * 10 s (`DEFAULT_POLL_SCHEDULE`).
   */
  intervalMs?: number | undefined;
  /**
   * Give up (`WaitTimeoutError`) after this long; default 3 600 000 ms (a heavy budget over many
   * labels takes a while). `Infinity` waits as long as it takes.
   */
  timeoutMs?: number | undefined;
  /** Called with every state polled (its `logs` grow step by step), the finished one included. */
  onProgress?: ((run: JudgeOptimizationRun) => void) | undefined;
}

export const DEFAULT_OPTIMIZATION_WAIT_TIMEOUT_MS = 3_600_000;

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 500;

/** True once the run ended: `success` (its figures are set) or `failure`. */
export function isOptimizationFinished(run: Pick<JudgeOptimizationRun, "status">): boolean {
  return run.status === "success" || run.status === "failure";
}

/**
 * `client.judgeOptimizations`: rewrite a judge's goal so that its verdicts agree with people's
 * labels (annotations). A run works in the background; it reports accuracy on held-out labels
 * before and after, and `apply()` gives the judge the result as a new version.
 */
export class JudgeOptimizations extends APIResource {
  /** What optimizing `judge` with `budget` would cost, before running it. */
  async estimate(
    judge: IdRef,
    budget: OptimizationBudget = "medium",
    options?: RequestOptions,
  ): Promise<OptimizationEstimate> {
    const { data } = await this.client.request(
      routes.estimateJudgeOptimization,
      { body: { judge_id: idOf(judge, "judge", "Judge"), budget } },
      options,
    );
    return data;
  }

  /**
   * Starts a run (`pending`). The judge needs at least 10 labeled traces (`BadRequestError`
   * naming the count otherwise); `budget` sets rounds × candidates: light 1 × 3, medium 3 × 4,
   * heavy 5 × 6.
   */
  async create(
    judge: IdRef,
    budget: OptimizationBudget = "medium",
    options?: RequestOptions,
  ): Promise<CreatedOptimization> {
    const { data } = await this.client.request(
      routes.createJudgeOptimization,
      { body: { judge_id: idOf(judge, "judge", "Judge"), budget } },
      options,
    );
    return data;
  }

  /** The run's current state, logs and figures; an unknown id raises `NotFoundError`. */
  async get(run: IdRef, options?: RequestOptions): Promise<JudgeOptimizationRun> {
    const { data } = await this.client.request(
      routes.getJudgeOptimization,
      { params: { optimization_id: idOf(run, "run", "JudgeOptimizationRun") } },
      options,
    );
    return data;
  }

  /** One page of the project's runs, newest first. */
  async getMany(
    params: OptimizationListParams = {},
    options?: RequestOptions,
  ): Promise<OptimizationPage> {
    const page = params.page ?? 1;
    const pageSize = Math.min(
      MAX_PAGE_SIZE,
      Math.max(1, Math.trunc(params.pageSize ?? DEFAULT_PAGE_SIZE)),
    );
    const { data } = await this.client.request(
      routes.listJudgeOptimizations,
      { query: { page, page_size: pageSize, judge_id: textParam(params.judgeId) } },
      options,
    );
    return {
      optimizationRuns: data.optimization_runs,
      count: data.count,
      totalCount: data.total,
      pagination: pagination(page, pageSize, data.total),
    };
  }

  /**
   * Gives the judge the run's optimized goal as a new version, when the run improved on its
   * held-out labels beyond noise (`assay.improved`, from `assay.held_out_test`); otherwise the
   * judge keeps its goal and version (the message says so).
   * `ConflictError` when the run has not ended `success`, was applied already, or the judge's
   * goal changed since the run began.
   */
  async apply(run: IdRef, options?: RequestOptions): Promise<AppliedOptimization> {
    const { data } = await this.client.request(
      routes.applyJudgeOptimization,
      { params: { optimization_id: idOf(run, "run", "JudgeOptimizationRun") }, body: {} },
      options,
    );
    return data;
  }

  /**
   * Polls the run (at once, then on the default schedule or every `intervalMs`) until it ends
   * `success` or `failure`, and
   * answers its final state. After `timeoutMs` it raises `WaitTimeoutError` (`last`: the final
   * state polled); an aborted `signal` raises `APIConnectionError`. Neither stops the run.
   */
  async waitForCompletion(
    run: IdRef,
    options: WaitForOptimizationOptions = {},
  ): Promise<JudgeOptimizationRun> {
    const {
      intervalMs,
      timeoutMs = DEFAULT_OPTIMIZATION_WAIT_TIMEOUT_MS,
      onProgress,
      ...request
    } = options;
    if (intervalMs !== undefined) checkWaitDuration("intervalMs", intervalMs);
    checkWaitDuration("timeoutMs", timeoutMs, true);
    const id = idOf(run, "run", "JudgeOptimizationRun");
    return pollUntilFinished({
      label: `Optimization run ${id}`,
      read: () => this.get(id, request),
      finished: isOptimizationFinished,
      intervalMs,
      timeoutMs,
      onProgress,
      signal: request.signal,
    });
  }
}
