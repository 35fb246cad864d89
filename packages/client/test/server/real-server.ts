import type { FetchLike } from "@assay/client";

/** UUIDs as the server makes request ids. */
export const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The real `fetch`, recording each request (method and path) on its way to the server, so a test
 * can tell how many attempts the client made.
 */
export function recordingFetch(): { fetch: FetchLike; requests: string[] } {
  const requests: string[] = [];
  return {
    requests,
    fetch: (input, init) => {
      requests.push(`${init.method ?? "GET"} ${new URL(input).pathname}`);
      return fetch(input, init);
    },
  };
}
