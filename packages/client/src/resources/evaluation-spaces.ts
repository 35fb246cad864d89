import {
  type Evaluation,
  type EvaluationSpace,
  type EvaluationSpaceSortKey,
  type RouteInput,
  routes,
} from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** What `create()` takes: `name`, and optionally description, visibility, filters, weight. */
export type CreateEvaluationSpaceInput = RouteInput<typeof routes.createEvaluationSpace, "body">;
/** What `update()` takes: the fields to change, at least one; `filters` replaces the filters. */
export type UpdateEvaluationSpaceInput = RouteInput<typeof routes.updateEvaluationSpace, "body">;

/** Paging and order of `evaluationSpaces.getMany()` (protocol §13.3). */
export interface EvaluationSpaceListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
  /** Default `weight` (heaviest first). */
  sortBy?: EvaluationSpaceSortKey | undefined;
  order?: "asc" | "desc" | undefined;
}

export interface EvaluationSpacePage {
  evaluationSpaces: EvaluationSpace[];
  /** Spaces on this page. */
  count: number;
  /** Spaces on all pages. */
  totalCount: number;
  pagination: Pagination;
}

export type DeleteEvaluationSpaceResult = RouteOutput<typeof routes.deleteEvaluationSpace>["data"];

const spaceId = (space: IdRef) => ({
  evaluation_space_id: idOf(space, "space", "EvaluationSpace"),
});

/**
 * `client.evaluationSpaces`: the project's leaderboards. A space is a set of filters over models,
 * benchmarks and providers; its counts and evaluations are computed from the project's
 * successful evaluations whenever it is read.
 */
export class EvaluationSpaces extends APIResource {
  /**
   * Without `slug`, the server derives one from the name ("Math Board" → `math-board`, then
   * `math-board-2` …). A name or slug already taken in the project raises `ConflictError`.
   */
  async create(
    body: CreateEvaluationSpaceInput,
    options?: RequestOptions,
  ): Promise<EvaluationSpace> {
    const { data } = await this.client.request(routes.createEvaluationSpace, { body }, options);
    return data;
  }

  /**
   * The space with its counts. Every method here takes the space's id or its slug (the original
   * CLI's "ID or slug"); an unknown one raises `NotFoundError`.
   */
  async get(space: IdRef, options?: RequestOptions): Promise<EvaluationSpace> {
    const { data } = await this.client.request(
      routes.getEvaluationSpace,
      { params: spaceId(space) },
      options,
    );
    return data;
  }

  /** One page of the project's spaces. */
  async getMany(
    params: EvaluationSpaceListParams = {},
    options?: RequestOptions,
  ): Promise<EvaluationSpacePage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const { data } = await this.client.request(
      routes.listEvaluationSpaces,
      {
        query: {
          page,
          page_size: pageSize,
          ...(params.sortBy !== undefined && { sort_by: params.sortBy }),
          ...(params.order !== undefined && { order: params.order }),
        },
      },
      options,
    );
    return {
      evaluationSpaces: data.evaluation_spaces,
      count: data.count,
      totalCount: data.total_count,
      pagination: pagination(page, pageSize, data.total_count),
    };
  }

  /** Changes the given fields and answers the space with its new counts. */
  async update(
    space: IdRef,
    body: UpdateEvaluationSpaceInput,
    options?: RequestOptions,
  ): Promise<EvaluationSpace> {
    const { data } = await this.client.request(
      routes.updateEvaluationSpace,
      { params: spaceId(space), body },
      options,
    );
    return data;
  }

  /** Deletes the space (never its evaluations); answers `{ organization_id, project_id, id }`. */
  async delete(space: IdRef, options?: RequestOptions): Promise<DeleteEvaluationSpaceResult> {
    const { data } = await this.client.request(
      routes.deleteEvaluationSpace,
      { params: spaceId(space) },
      options,
    );
    return data;
  }

  /**
   * The leaderboard's cells: the latest successful evaluation of each model × benchmark the
   * space matches, by model then benchmark, each with `accuracy`, `assay.accuracy_ci95` and
   * `assay.cost_usd`.
   */
  async getEvaluations(space: IdRef, options?: RequestOptions): Promise<Evaluation[]> {
    const { data } = await this.client.request(
      routes.listEvaluationSpaceEvaluations,
      { params: spaceId(space) },
      options,
    );
    return data.evaluations;
  }

  /**
   * `getEvaluations()` with, per shown evaluation's id, how many successful runs of its model on
   * its benchmark the space matched (`runs`): the cell shows the newest of them.
   */
  async getCells(
    space: IdRef,
    options?: RequestOptions,
  ): Promise<{ evaluations: Evaluation[]; runs: Record<string, number> }> {
    const { data } = await this.client.request(
      routes.listEvaluationSpaceEvaluations,
      { params: spaceId(space) },
      options,
    );
    return { evaluations: data.evaluations, runs: data.runs };
  }
}
