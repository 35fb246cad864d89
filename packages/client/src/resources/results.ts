import {
  type RESULT_OUTCOMES,
  type RESULT_REPEAT_VIEWS,
  type Result,
  routes,
} from "@assay/protocol";
import { argumentError } from "../core/check-argument.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { type EvaluationRef, evaluationId } from "./evaluations.ts";
import { clampPageSize, DEFAULT_PAGE_SIZE, type Pagination, pagination } from "./pagination.ts";
import { APIResource } from "./resource.ts";

/**
 * `passed`; `failed` = not passed (model-call errors included); `error` = the model call or the
 * scoring failed; `flaky` = a prompt asked several times whose answers disagree (an Assay
 * extension). A prompt with repeats has `passed` only when every repeat passed.
 */
export type ResultOutcome = (typeof RESULT_OUTCOMES)[number];

/**
 * How a run with repeats is listed: one row per prompt (`prompt`, the default: its first answer,
 * `score` the mean over its repeats, every answer in `repeats`) or one row per answer (`each`,
 * each with its `repeat` index). A run without repeats lists the same either way.
 */
export type ResultRepeatView = (typeof RESULT_REPEAT_VIEWS)[number];

export interface ResultFilter {
  /** Only the results with this outcome; all of them when absent. */
  outcome?: ResultOutcome | undefined;
  /** Rows per prompt (default) or per answer, for runs with repeats (an Assay extension). */
  repeats?: ResultRepeatView | undefined;
  /** Only results whose prompt, response or truth contains this text, ignoring case. */
  search?: string | undefined;
  /** Only this subset's results (`default` for prompts without one). */
  subset?: string | undefined;
}

/** One page of an evaluation's results (protocol §7.1), in benchmark order. */
export interface ResultPageParams extends ResultFilter {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
}

/** Whose results `results.get()` reads: an evaluation (object or id), or its id by name. */
export type ResultsOf = { evaluation: EvaluationRef } | { evaluationId: string };

export interface ResultPage {
  evaluationId: string;
  results: Result[];
  /** Results matching on all pages. */
  totalCount: number;
  pagination: Pagination;
}

export interface IterateResultsParams extends ResultFilter {
  /** Results per request; default 100. */
  pageSize?: number | undefined;
}

/**
 * `client.results`: an evaluation's per-prompt results. The server serves them while the
 * evaluation runs too; they are complete once it has finished.
 */
export class Results extends APIResource {
  /** One page of results of `params.evaluation` (or `params.evaluationId`). */
  async get(params: ResultsOf & ResultPageParams, options?: RequestOptions): Promise<ResultPage> {
    if (typeof params !== "object" || params === null) {
      throw argumentError("params", "an object { evaluation } or { evaluationId }", params);
    }
    const id =
      "evaluationId" in params
        ? evaluationId(params.evaluationId, "params.evaluationId")
        : evaluationId(params.evaluation, "params.evaluation");
    return this.getById(id, params, options);
  }

  /** One page of results of the evaluation with this id; an unknown id raises `NotFoundError`. */
  async getById(
    evaluationId: string,
    params: ResultPageParams = {},
    options?: RequestOptions,
  ): Promise<ResultPage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const answer = await this.client.request(
      routes.listResults,
      {
        query: {
          evaluation_id: evaluationId,
          page,
          page_size: pageSize,
          outcome: params.outcome,
          search: params.search,
          subset: params.subset,
          repeats: params.repeats,
        },
      },
      options,
    );
    return {
      evaluationId: answer.evaluation_id,
      results: answer.results,
      totalCount: answer.metrics.total_count,
      pagination: pagination(page, pageSize, answer.metrics.total_count),
    };
  }

  /** Every result of the evaluation (matching `filter`), read in pages of 100. */
  async getAll(
    evaluation: EvaluationRef,
    filter: ResultFilter = {},
    options?: RequestOptions,
  ): Promise<Result[]> {
    return this.getAllById(evaluationId(evaluation), filter, options);
  }

  async getAllById(
    evaluationId: string,
    filter: ResultFilter = {},
    options?: RequestOptions,
  ): Promise<Result[]> {
    const results: Result[] = [];
    for await (const result of this.iterate(evaluationId, filter, options)) results.push(result);
    return results;
  }

  /**
   * The results one by one, fetching a page when the previous one is used up: from page 1 until
   * an empty page or the last page the answers' total implies (as the original SDK's `get_all`).
   * Breaking out of the loop stops fetching.
   */
  async *iterate(
    evaluation: EvaluationRef,
    params: IterateResultsParams = {},
    options?: RequestOptions,
  ): AsyncGenerator<Result, void, undefined> {
    const id = evaluationId(evaluation);
    const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
    for (let page = 1; ; page++) {
      const answer = await this.getById(
        id,
        {
          page,
          pageSize,
          outcome: params.outcome,
          search: params.search,
          subset: params.subset,
          repeats: params.repeats,
        },
        options,
      );
      yield* answer.results;
      if (answer.results.length === 0 || page >= answer.pagination.totalPages) return;
    }
  }
}
