import { APIClient } from "./core/api-client.ts";
import type { ViewOptions } from "./core/client-options.ts";

/**
 * The client of the public catalog (models, benchmarks, evaluations, comparisons): same key,
 * configuration, retries and errors as `Client`, but no organization lookup, and project-scoped
 * routes are refused. Its resources are added as the protocol gains the public routes.
 */
export class PublicClient extends APIClient {
  withOptions(options: ViewOptions): PublicClient {
    return new PublicClient(...this.viewArguments(options));
  }
}

/** Every method already returns a promise; the alias mirrors `AsyncPublicClient` of the original SDK. */
export const AsyncPublicClient = PublicClient;
export type AsyncPublicClient = PublicClient;
