import { Client } from "@assay/client";

/** Where the API lives: the server writes its prefix into the page it serves. */
function apiBaseURL(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="assay-api-prefix"]');
  return `${window.location.origin}${meta?.content ?? "/api/v1"}`;
}

let client: Client | undefined;

/**
 * The SDK in cookie mode: the session cookie authenticates, the page never sees a key. One client
 * per session, as a client remembers the organization of whoever it first talked to.
 */
export function getClient(): Client {
  client ??= new Client({ auth: "cookie", baseURL: apiBaseURL() });
  return client;
}

/** After signing in or out: the next call looks the organization up again. */
export function resetClient(): void {
  client = undefined;
}
