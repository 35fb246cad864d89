import { type PublicModelsQuery, type PublicModelsResponse, routes } from "@assay/protocol";
import type { RequestOptions } from "../core/client-options.ts";
import { type CatalogPageParams, catalogPageQuery } from "./catalog-page.ts";
import { listParam } from "./query.ts";
import { APIResource } from "./resource.ts";

/** Search, filters, sorting and paging of the public model catalog (protocol §12.1). */
export interface PublicModelsParams extends CatalogPageParams {
  companies?: readonly string[] | undefined;
  regions?: readonly string[] | undefined;
  licenses?: readonly string[] | undefined;
  /** `Small`, `Medium`, `Large`, `Extra Large`. */
  sizes?: readonly string[] | undefined;
  /** Default: models that can run on this server first, then by name. */
  sort_by?: NonNullable<PublicModelsQuery["sort_by"]> | undefined;
}

/** `publicClient.models`: the model catalog, whichever models a project has attached. */
export class PublicModels extends APIResource {
  /** One page of matching models, with facets over the whole catalog and the total count. */
  get(params: PublicModelsParams = {}, options?: RequestOptions): Promise<PublicModelsResponse> {
    return this.client.request(
      routes.listPublicModels,
      {
        query: {
          ...catalogPageQuery(params),
          companies: listParam(params.companies),
          regions: listParam(params.regions),
          licenses: listParam(params.licenses),
          sizes: listParam(params.sizes),
          sort_by: params.sort_by,
        },
      },
      options,
    );
  }
}
