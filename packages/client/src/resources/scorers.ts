import { type CreateScorerBody, routes, type Scorer, type UpdateScorerBody } from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** Paging of `scorers.getMany()` (protocol §13.1). */
export interface ScorerListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
}

export interface ScorerPage {
  scorers: Scorer[];
  /** Scorers on this page. */
  count: number;
  /** Scorers on all pages. */
  totalCount: number;
  pagination: Pagination;
}

export type DeleteScorerResult = RouteOutput<typeof routes.deleteScorer>["data"];

/**
 * `client.scorers`: the project's grading rubrics, each judged by a model of the project. A
 * custom benchmark created with `custom_scorers: [scorer ids]` has every result of its runs
 * graded by each scorer; the evaluation reports each scorer's average with an interval
 * (`evaluation.assay.scorers`) and each result its grades (`result.scorer_scores`).
 */
export class Scorers extends APIResource {
  /**
   * Creates a scorer; `model_id` is a model of the project (catalog or custom), by id or key. A
   * name already taken raises `ConflictError`; a prompt under 10 characters `BadRequestError`.
   */
  async create(body: CreateScorerBody, options?: RequestOptions): Promise<Scorer> {
    const { data } = await this.client.request(routes.createScorer, { body }, options);
    return data;
  }

  /** The scorer; an unknown id raises `NotFoundError`. */
  async get(scorer: IdRef, options?: RequestOptions): Promise<Scorer> {
    const { data } = await this.client.request(
      routes.getScorer,
      { params: { scorer_id: idOf(scorer, "scorer", "Scorer") } },
      options,
    );
    return data;
  }

  /** One page of the project's scorers, newest first. */
  async getMany(params: ScorerListParams = {}, options?: RequestOptions): Promise<ScorerPage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const { data } = await this.client.request(
      routes.listScorers,
      { query: { page, page_size: pageSize } },
      options,
    );
    return {
      scorers: data.scorers,
      count: data.count,
      totalCount: data.total_count,
      pagination: pagination(page, pageSize, data.total_count),
    };
  }

  /**
   * Changes the given fields (at least one) and answers the scorer. Evaluations already created
   * keep grading with the scorer as it was.
   */
  async update(scorer: IdRef, body: UpdateScorerBody, options?: RequestOptions): Promise<Scorer> {
    const { data } = await this.client.request(
      routes.updateScorer,
      { params: { scorer_id: idOf(scorer, "scorer", "Scorer") }, body },
      options,
    );
    return data;
  }

  /** Deletes the scorer (benchmarks stop using it); answers `{ organization_id, project_id, id }`. */
  async delete(scorer: IdRef, options?: RequestOptions): Promise<DeleteScorerResult> {
    const { data } = await this.client.request(
      routes.deleteScorer,
      { params: { scorer_id: idOf(scorer, "scorer", "Scorer") } },
      options,
    );
    return data;
  }
}
