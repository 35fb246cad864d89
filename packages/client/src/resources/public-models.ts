import { type PublicModelsQuery, type PublicModelsResponse, routes } from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { booleanParam, listParam, type SortOrder, textParam } from "./query.ts";
import { APIResource } from "./resource.ts";

/** Search, filters, sorting and paging of the public model catalog (protocol §12.1). */
export interface PublicModelsParams {
  /** Free text, looked for in name, key, company and description. */
  query?: string | undefined;
  name?: string | undefined;
  key?: string | undefined;
  ids?: readonly string[] | undefined;
  categories?: readonly string[] | undefined;
  companies?: readonly string[] | undefined;
  regions?: readonly string[] | undefined;
  licenses?: readonly string[] | undefined;
  /** `Small`, `Medium`, `Large`, `Extra Large`. */
  sizes?: readonly string[] | undefined;
  /** Default: models that can run on this server first, then by name. */
  sort_by?: NonNullable<PublicModelsQuery["sort_by"]> | undefined;
  order?: SortOrder | undefined;
  /** 1-based; default 1. */
  page?: number | undefined;
  /** Default 100, at most 500. */
  page_size?: number | undefined;
  /** Default false: deprecated models are left out. */
  include_deprecated?: boolean | undefined;
}

/** `publicClient.models`: the model catalog, whichever models a project has attached. */
export class PublicModels extends APIResource {
  /** One page of matching models, with facets over the whole catalog and the total count. */
  get(params: PublicModelsParams = {}, options?: RequestOptions): Promise<PublicModelsResponse> {
    return this.client.request(
      routes.listPublicModels,
      {
        query: {
          query: textParam(params.query),
          name: textParam(params.name),
          key: textParam(params.key),
          ids: listParam(params.ids),
          categories: listParam(params.categories),
          companies: listParam(params.companies),
          regions: listParam(params.regions),
          licenses: listParam(params.licenses),
          sizes: listParam(params.sizes),
          sort_by: params.sort_by,
          order: params.order,
          page: params.page,
          page_size: params.page_size,
          include_deprecated: booleanParam(params.include_deprecated),
        },
      },
      options,
    );
  }
}
