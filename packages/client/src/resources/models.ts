import {
  type CreateCustomModelBody,
  type ListType,
  type Model,
  type ProjectAttachments,
  routes,
  type UpdateCustomModelBody,
} from "@assay/protocol";
import type { RouteOutput } from "../core/api-client.ts";
import type { RequestOptions } from "../core/client-options.ts";
import { withAdded, withRemoved } from "./attachments.ts";
import { listParam, textParam } from "./query.ts";
import { APIResource } from "./resource.ts";

/**
 * Filters of `models.get()`. `name` and `key` are case-insensitive substrings; any of the four
 * lists leaves only catalog models matching one of its values (protocol §4.1).
 */
export interface ModelFilter {
  /** Only the project's own models, or only catalog ones; both (custom first) when absent. */
  type?: ListType | undefined;
  name?: string | undefined;
  key?: string | undefined;
  /** `Transformer`, `MoE`, `Open-Source`, `Closed-Source`, … */
  categories?: readonly string[] | undefined;
  companies?: readonly string[] | undefined;
  regions?: readonly string[] | undefined;
  licenses?: readonly string[] | undefined;
}

export type CreateCustomModelResult = RouteOutput<typeof routes.createCustomModel>["data"];

/** What `models.get()` answers, as the original client does: `(await client.models.get()).models`. */
export interface ModelsResponse {
  models: Model[];
}

/** `client.models`: the models attached to the project, and its own OpenAI-compatible endpoints. */
export class Models extends APIResource {
  /** The attached models matching the filter: the project's own first, then catalog ones. */
  async get(filter: ModelFilter = {}, options?: RequestOptions): Promise<ModelsResponse> {
    const { data } = await this.client.request(
      routes.listModels,
      {
        query: {
          type: filter.type,
          name: textParam(filter.name),
          key: textParam(filter.key),
          categories: listParam(filter.categories),
          companies: listParam(filter.companies),
          regions: listParam(filter.regions),
          licenses: listParam(filter.licenses),
        },
      },
      options,
    );
    return { models: data.models };
  }

  /** The attached model with exactly this key (the server matches keys as substrings). */
  async getByKey(key: string, options?: RequestOptions): Promise<Model | undefined> {
    const { models } = await this.get({ key }, options);
    return models.find((model) => model.key === key);
  }

  /** A catalog model or one of the project's own; an unknown id raises `NotFoundError`. */
  async getById(id: string, options?: RequestOptions): Promise<Model> {
    const { data } = await this.client.request(
      routes.getModel,
      { params: { model_id: id } },
      options,
    );
    return data;
  }

  /** Attaches models (catalog or custom ids) to the project; answers the new attachments. */
  async add(ids: readonly string[], options?: RequestOptions): Promise<ProjectAttachments> {
    return this.#attach(withAdded(await this.#attachedIds(options), ids), options);
  }

  /** Detaches models from the project; answers the new attachments. */
  async remove(ids: readonly string[], options?: RequestOptions): Promise<ProjectAttachments> {
    return this.#attach(withRemoved(await this.#attachedIds(options), ids), options);
  }

  /** Registers an OpenAI-compatible endpoint as a model of the project (attached at once). */
  async createCustom(
    body: CreateCustomModelBody,
    options?: RequestOptions,
  ): Promise<CreateCustomModelResult> {
    const { data } = await this.client.request(routes.createCustomModel, { body }, options);
    return data;
  }

  /**
   * Changes the given fields only. A new `api_url` without `api_key` clears the stored key, so a
   * key is never sent to another endpoint than the one it was given for.
   */
  async updateCustom(
    modelId: string,
    body: UpdateCustomModelBody,
    options?: RequestOptions,
  ): Promise<{ id: string }> {
    const { data } = await this.client.request(
      routes.updateCustomModel,
      { params: { model_id: modelId }, body },
      options,
    );
    return data;
  }

  /** Disables the model (evaluations keep it), detaches it and frees its key for reuse. */
  async deleteCustom(modelId: string, options?: RequestOptions): Promise<{ id: string }> {
    const { data } = await this.client.request(
      routes.deleteCustomModel,
      { params: { model_id: modelId } },
      options,
    );
    return data;
  }

  async #attachedIds(options: RequestOptions | undefined): Promise<string[]> {
    return (await this.get({}, options)).models.map((model) => model.id);
  }

  async #attach(ids: string[], options: RequestOptions | undefined): Promise<ProjectAttachments> {
    const answer = await this.client.request(
      routes.updateProject,
      { body: { models: ids } },
      options,
    );
    return answer.data;
  }
}
