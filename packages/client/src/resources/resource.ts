import type { APIClient } from "../core/api-client.ts";

/**
 * Base of every resource (`client.models`, `publicClient.benchmarks`, …): a resource is a set of
 * camelCase methods over protocol routes, calling `this.client.request(route, input, options)`.
 * It holds its client so a `withOptions()` view's resources use the view's options.
 */
export abstract class APIResource<C extends APIClient = APIClient> {
  protected readonly client: C;

  constructor(client: C) {
    this.client = client;
  }
}
