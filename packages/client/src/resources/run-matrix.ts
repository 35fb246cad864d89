import {
  MAX_MATRIX_RUNS,
  MIN_MATRIX_RUNS,
  type PromptAnswerResponse,
  type RunMatrixFilter,
  type RunMatrixPair,
  type RunMatrixRow,
  type RunMatrixRun,
  routes,
} from "@assay/protocol";
import type { APIClient } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { type EvaluationRef, evaluationId } from "./evaluations.ts";
import { type Pagination, pagination } from "./pagination.ts";

/** The matrix's largest page of prompts. */
const MAX_MATRIX_PAGE_SIZE = 200;

/** Which prompts of a run matrix to list, and which page of them. */
export interface RunMatrixParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 50, clamped to 1…200. */
  pageSize?: number | undefined;
  /**
   * `disagree` (some runs right, some wrong), `all_fail`, `alone_fails` / `alone_passes` (the
   * run `run` alone wrong / alone right); default `all`.
   */
  filter?: RunMatrixFilter | undefined;
  /** The run `alone_fails` and `alone_passes` single out: one of the matrix's runs. */
  run?: EvaluationRef | undefined;
}

/**
 * 2 to 10 runs of one benchmark side by side. `runs` and `pairs` describe every prompt all the
 * runs answered (`prompts`); `rows` and `totalCount` follow the filter.
 */
export interface RunMatrixPage {
  benchmarkId: string;
  prompts: number;
  /** Each run's accuracy on the shared prompts, with its 95% Wilson interval. */
  runs: RunMatrixRun[];
  /** Every pair's paired test, its p-value also Holm-adjusted over the pairs (`pValueHolm`). */
  pairs: RunMatrixPair[];
  rows: RunMatrixRow[];
  totalCount: number;
  pagination: Pagination;
}

/** `GET /results/matrix` for `comparisons.matrix()`. */
export async function runMatrix(
  client: APIClient,
  evaluations: readonly EvaluationRef[],
  params: RunMatrixParams,
  options?: RequestOptions,
): Promise<RunMatrixPage> {
  if (evaluations.length < MIN_MATRIX_RUNS || evaluations.length > MAX_MATRIX_RUNS)
    throw new TypeError(
      `evaluations: list ${MIN_MATRIX_RUNS} to ${MAX_MATRIX_RUNS} evaluations (got ${evaluations.length})`,
    );
  const page = params.page ?? 1;
  const pageSize = Math.min(MAX_MATRIX_PAGE_SIZE, Math.max(1, Math.trunc(params.pageSize ?? 50)));
  const answer = await client.request(
    routes.runMatrix,
    {
      query: {
        evaluation_ids: evaluations.map((e, i) => evaluationId(e, `evaluations[${i}]`)).join(","),
        page,
        page_size: pageSize,
        filter: params.filter,
        run: params.run === undefined ? undefined : evaluationId(params.run, "run"),
      },
    },
    options,
  );
  return {
    benchmarkId: answer.benchmark_id,
    prompts: answer.prompts,
    runs: answer.runs,
    pairs: answer.pairs,
    rows: answer.results,
    totalCount: answer.total_count,
    pagination: pagination(page, pageSize, answer.total_count),
  };
}

/** `GET /results/answer` for `comparisons.answer()`. */
export function promptAnswer(
  client: APIClient,
  evaluation: EvaluationRef,
  promptId: string,
  options?: RequestOptions,
): Promise<PromptAnswerResponse> {
  return client.request(
    routes.promptAnswer,
    { query: { evaluation_id: evaluationId(evaluation), prompt_id: promptId } },
    options,
  );
}
