import type { APIClient } from "./api-client.ts";
import type { RequestOptions } from "./client-options.ts";
import type { Scope } from "./organization-context.ts";

/**
 * What a project resource needs of its client beyond requests: the key's organization and project
 * (`client.init()`). `Client` is one; resources name this rather than `Client`, which imports them.
 */
export interface ScopedClient extends APIClient {
  init(options?: RequestOptions): Promise<Scope>;
}
