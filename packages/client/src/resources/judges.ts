import { type CreateJudgeBody, type Judge, routes, type UpdateJudgeBody } from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { clampPageSize, type Pagination, pagination } from "./pagination.ts";
import { type IdRef, idOf } from "./refs.ts";
import { APIResource } from "./resource.ts";

/** Paging of `judges.getMany()` (protocol §8.3). */
export interface JudgeListParams {
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, clamped to 1…500. */
  pageSize?: number | undefined;
}

export interface JudgePage {
  judges: Judge[];
  /** Judges on this page. */
  count: number;
  /** Judges on all pages. */
  totalCount: number;
  pagination: Pagination;
}

export type DeleteJudgeResult = RouteOutput<typeof routes.deleteJudge>["data"];

/**
 * `client.judges`: named LLM judges of the project. Every change makes a new version; a trace
 * evaluation keeps a snapshot of the version it ran with.
 */
export class Judges extends APIResource {
  /**
   * Creates a judge and answers it as the service stores it (a follow-up GET, as the original
   * SDK does). Without `model_id` the server's default judge model is used. A name already taken
   * in the project raises `ConflictError`; a goal under 10 characters `BadRequestError`.
   */
  async create(body: CreateJudgeBody, options?: RequestOptions): Promise<Judge> {
    const { data } = await this.client.request(routes.createJudge, { body }, options);
    return this.get(data.id, options);
  }

  /** The judge with its versions, oldest first; an unknown id raises `NotFoundError`. */
  async get(judge: IdRef, options?: RequestOptions): Promise<Judge> {
    const { data } = await this.client.request(
      routes.getJudge,
      { params: { judge_id: idOf(judge, "judge", "Judge") } },
      options,
    );
    return data;
  }

  /** One page of the project's judges. */
  async getMany(params: JudgeListParams = {}, options?: RequestOptions): Promise<JudgePage> {
    const page = params.page ?? 1;
    const pageSize = clampPageSize(params.pageSize);
    const { data } = await this.client.request(
      routes.listJudges,
      { query: { page, page_size: pageSize } },
      options,
    );
    return {
      judges: data.judges,
      count: data.count,
      totalCount: data.total_count,
      pagination: pagination(page, pageSize, data.total_count),
    };
  }

  /**
   * Changes the given fields (at least one) and answers the judge with its new version. Runs
   * already started keep the version they were created with.
   */
  async update(judge: IdRef, body: UpdateJudgeBody, options?: RequestOptions): Promise<Judge> {
    const { data } = await this.client.request(
      routes.updateJudge,
      { params: { judge_id: idOf(judge, "judge", "Judge") }, body },
      options,
    );
    return data;
  }

  /** Deletes the judge; answers `{ organization_id, project_id, id }`. */
  async delete(judge: IdRef, options?: RequestOptions): Promise<DeleteJudgeResult> {
    const { data } = await this.client.request(
      routes.deleteJudge,
      { params: { judge_id: idOf(judge, "judge", "Judge") } },
      options,
    );
    return data;
  }
}
