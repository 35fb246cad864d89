import { type Evaluation, routes } from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import {
  type EvaluationListParams,
  type EvaluationPage,
  type EvaluationRef,
  evaluationId,
  listEvaluations,
} from "./evaluations.ts";
import { APIResource } from "./resource.ts";

/**
 * `publicClient.evaluations` (protocol §12.3): every evaluation this key may read, which is its
 * organization's own and those any organization has made public, across projects.
 */
export class PublicEvaluations extends APIResource {
  /** One page of the evaluations this key may read, with the total and the page summary. */
  getMany(params: EvaluationListParams = {}, options?: RequestOptions): Promise<EvaluationPage> {
    return listEvaluations(this.client, undefined, params, options);
  }

  /** One evaluation with its full summary; a private one of another organization is `NotFoundError`. */
  getById(id: string, options?: RequestOptions): Promise<Evaluation> {
    return this.client.request(routes.getEvaluation, { params: { evaluation_id: id } }, options);
  }

  async get(evaluation: EvaluationRef, options?: RequestOptions): Promise<Evaluation> {
    return this.getById(evaluationId(evaluation), options);
  }
}
