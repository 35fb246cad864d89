/**
 * @assay/client: the TypeScript SDK of the Assay evaluation service. Browser-safe: it imports
 * only @assay/protocol and zod, and talks HTTP through an injectable fetch.
 */

export type { Organization, Project } from "@assay/protocol";
export { AsyncClient, Client } from "./client.ts";
export type { RequestInput, RouteOutput, ScopeParam } from "./core/api-client.ts";
export { APIClient } from "./core/api-client.ts";
export {
  type ClientOptions,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT,
  type FetchLike,
  type RequestOptions,
  type ViewOptions,
} from "./core/client-options.ts";
export { DEFAULT_BASE_URL } from "./core/environment.ts";
export type { Scope } from "./core/organization-context.ts";
export type { UploadData, UploadTarget } from "./core/upload.ts";
// The common errors; `@assay/client/errors` has the whole hierarchy.
export {
  APIError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  type ResponseHeaders,
  ServiceError,
} from "./errors.ts";
export { AsyncPublicClient, PublicClient } from "./public-client.ts";
export { APIResource } from "./resources/resource.ts";
export { VERSION } from "./version.ts";
