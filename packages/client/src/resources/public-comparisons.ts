import {
  type ComparisonOutcome,
  type ComparisonResult,
  type ComparisonStats,
  type Evaluation,
  type PromptAnswerResponse,
  routes,
} from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { ServiceError } from "../errors.ts";
import { type EvaluationRef, evaluationId, listEvaluations } from "./evaluations.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { textParam } from "./query.ts";
import { APIResource } from "./resource.ts";
import { promptAnswer, type RunMatrixPage, type RunMatrixParams, runMatrix } from "./run-matrix.ts";

/** Which paired results to list, and which page of them (protocol §12.4). */
export interface ComparisonParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
  /**
   * `both_succeed`, `both_fail`, `reference_fails` (evaluation 1 wrong, 2 right),
   * `comparison_fails` (1 right, 2 wrong); default `all`.
   */
  outcomeFilter?: ComparisonOutcome | undefined;
  /** Case-insensitive text in the prompt, the truth or either answer. */
  search?: string | undefined;
}

/**
 * Two evaluations' results paired by prompt. The counters are of whole evaluations and `stats`
 * of every pair; only `results` and `totalCount` follow the filter.
 */
export interface ComparisonPage {
  results: ComparisonResult[];
  /** Pairs the filter keeps, on all pages. */
  totalCount: number;
  correctCount1: number;
  totalResults1: number;
  correctCount2: number;
  totalResults2: number;
  /**
   * Accuracy difference (2 − 1) with its 95% interval, McNemar's p-value and a verdict that agree
   * (`method` names the test and the interval that inverts it), per subset.
   */
  stats: ComparisonStats;
  pagination: Pagination;
}

/** `compareModels()`: the comparison and the two evaluations it chose. */
export interface ModelComparison extends ComparisonPage {
  evaluation1: Evaluation;
  evaluation2: Evaluation;
}

/** `publicClient.comparisons`: how two evaluations of one benchmark differ, prompt by prompt. */
export class PublicComparisons extends APIResource {
  /**
   * Pairs the results of `evaluation1` (the reference) and `evaluation2` by prompt. Both must be
   * readable by this key and on the same benchmark (else `NotFoundError` / `BadRequestError`).
   */
  async compare(
    evaluation1: EvaluationRef,
    evaluation2: EvaluationRef,
    params: ComparisonParams = {},
    options?: RequestOptions,
  ): Promise<ComparisonPage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const answer = await this.client.request(
      routes.compareResults,
      {
        query: {
          evaluation_id_1: evaluationId(evaluation1, "evaluation1"),
          evaluation_id_2: evaluationId(evaluation2, "evaluation2"),
          page,
          page_size: pageSize,
          outcome_filter: params.outcomeFilter,
          search: textParam(params.search),
        },
      },
      options,
    );
    return {
      results: answer.results,
      totalCount: answer.total_count,
      correctCount1: answer.correct_count_1,
      totalResults1: answer.total_results_1,
      correctCount2: answer.correct_count_2,
      totalResults2: answer.total_results_2,
      stats: answer.assay,
      pagination: pagination(page, pageSize, answer.total_count),
    };
  }

  /**
   * Puts 2 to 10 evaluations of one benchmark side by side on the prompts they all answered:
   * each run's accuracy with its interval, every pair's paired test (Holm-adjusted over the
   * pairs), and a page of prompts with each run's outcome and answer. All must be readable by
   * this key and on the same benchmark (else `NotFoundError` / `BadRequestError`).
   */
  matrix(
    evaluations: readonly EvaluationRef[],
    params: RunMatrixParams = {},
    options?: RequestOptions,
  ): Promise<RunMatrixPage> {
    return runMatrix(this.client, evaluations, params, options);
  }

  /** One evaluation's answer to one prompt (a cell of the matrix), with its outcome and reason. */
  answer(
    evaluation: EvaluationRef,
    promptId: string,
    options?: RequestOptions,
  ): Promise<PromptAnswerResponse> {
    return promptAnswer(this.client, evaluation, promptId, options);
  }

  /**
   * Compares the latest successful evaluation of each model on the benchmark, among those this
   * key may read (the original SDK's sequence: one public listing per model, then `compare`).
   * A model without one raises `ServiceError` before any comparison is asked.
   */
  async compareModels(
    benchmarkId: string,
    modelId1: string,
    modelId2: string,
    params: ComparisonParams = {},
    options?: RequestOptions,
  ): Promise<ModelComparison> {
    const latest = async (modelId: string) => {
      const { evaluations } = await listEvaluations(
        this.client,
        undefined,
        {
          page: 1,
          pageSize: 1,
          sortBy: "submitted_at",
          order: "desc",
          modelIds: [modelId],
          benchmarkIds: [benchmarkId],
          status: "success",
          unique: true,
        },
        options,
      );
      const [evaluation] = evaluations;
      if (evaluation === undefined) {
        throw new ServiceError(
          `Model ${modelId} has no successful evaluation on benchmark ${benchmarkId} that this key can read.`,
        );
      }
      return evaluation;
    };
    const evaluation1 = await latest(modelId1);
    const evaluation2 = await latest(modelId2);
    const comparison = await this.compare(evaluation1, evaluation2, params, options);
    return { ...comparison, evaluation1, evaluation2 };
  }
}
