import { ServiceError } from "../errors.ts";

/** The subset of `fetch` the SDK uses, so a wrapped or mocked fetch is easy to inject. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /**
   * How requests are authenticated. `"apiKey"` (the default) sends the key in `x-api-key`.
   * `"cookie"`, for a page served by Assay itself (the dashboard): no key; the browser sends the
   * session cookie (`credentials: "same-origin"`) and every request carries `x-assay-request: 1`.
   */
  auth?: "apiKey" | "cookie" | undefined;
  /** Defaults to `SERVICE_API_KEY`, then `LAYERLENS_STRATIX_API_KEY`, then `LAYERLENS_ATLAS_API_KEY`. */
  apiKey?: string | undefined;
  /**
   * Defaults to `SERVICE_BASE_URL`, then `LAYERLENS_STRATIX_BASE_URL`, then
   * `LAYERLENS_ATLAS_BASE_URL`, then `http://localhost:8080/api/v1`.
   */
  baseURL?: string | undefined;
  /** Per attempt, in milliseconds. Default 600 000 (10 minutes). */
  timeout?: number | undefined;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number | undefined;
  /** Default `globalThis.fetch`. */
  fetch?: FetchLike | undefined;
  /** Sent with every API request (not with presigned uploads); per-request headers win. */
  defaultHeaders?: Record<string, string> | undefined;
}

/** What a `withOptions()` view may change; everything else is shared with its parent. */
export interface ViewOptions {
  timeout?: number | undefined;
  maxRetries?: number | undefined;
}

/** The last argument of every method. */
export interface RequestOptions {
  /** Per attempt, in milliseconds; overrides the client's. */
  timeout?: number | undefined;
  maxRetries?: number | undefined;
  /** Aborting it fails the call at once, without retrying. */
  signal?: AbortSignal | undefined;
  /** Extra request headers; they win over default and built-in headers. */
  headers?: Record<string, string> | undefined;
}

export const DEFAULT_TIMEOUT = 600_000;
export const DEFAULT_MAX_RETRIES = 2;

/** The longest delay `setTimeout` honours; beyond it, timers fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

export function checkTimeout(timeout: number): number {
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_TIMER_MS) {
    throw new ServiceError(
      `timeout must be a number of milliseconds between 1 and ${MAX_TIMER_MS}, got ${timeout}`,
    );
  }
  return timeout;
}

export function checkMaxRetries(maxRetries: number): number {
  if (!Number.isSafeInteger(maxRetries) || maxRetries < 0) {
    throw new ServiceError(`maxRetries must be a whole number ≥ 0, got ${maxRetries}`);
  }
  return maxRetries;
}
