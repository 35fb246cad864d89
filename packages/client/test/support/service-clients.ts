import { Client, type ClientOptions, type FetchLike } from "@assay/client";
import type { TestService } from "@assay/test-kit/test-service.ts";

/** A request as it left the client: method, full URL, and the JSON body when there was one. */
export interface LoggedRequest {
  method: string;
  url: URL;
  /** `METHOD /path` without the API prefix, e.g. `GET /organizations`. */
  route: string;
  body: unknown;
}

/** The real `fetch`, logging every request (API calls and presigned PUTs) before sending it. */
export function requestLog(apiUrl: string): { fetch: FetchLike; requests: LoggedRequest[] } {
  const prefix = new URL(apiUrl).pathname;
  const requests: LoggedRequest[] = [];
  return {
    requests,
    fetch: (input, init) => {
      const url = new URL(input);
      const method = init.method ?? "GET";
      const path = url.pathname.startsWith(prefix)
        ? url.pathname.slice(prefix.length)
        : url.pathname;
      const body = typeof init.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, url, route: `${method} ${path}`, body });
      return fetch(input, init);
    },
  };
}

/** A client of the service with its bootstrap key (or the key given). */
export function serviceClient(service: TestService, options: ClientOptions = {}): Client {
  return new Client({ apiKey: service.apiKey, baseURL: service.apiUrl, ...options });
}

let tenants = 0;

/**
 * A client of a new organization with a new project (the catalog attached, nothing else), so a
 * test can change attachments without disturbing the others sharing the service.
 */
export async function newTenantClient(
  service: TestService,
  options: ClientOptions = {},
): Promise<Client> {
  tenants += 1;
  const { key } = await service.admin.create({ organization: `Tenant ${tenants}-${Date.now()}` });
  return serviceClient(service, { apiKey: key, ...options });
}
