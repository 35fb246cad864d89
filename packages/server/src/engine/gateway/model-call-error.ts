/**
 * Why a model call failed, as a closed set the runners record per sample:
 * - `rate_limited` 429 · `timeout` no answer in time (or 408) · `connection` socket-level failure
 * - `http_error` a 4xx other than 408/429, or a 3xx (redirects are not followed)
 * - `server_error` 5xx · `bad_response` 2xx whose body is not a usable completion
 * - `blocked` the outbound address policy refused the endpoint's address
 * - `cancelled` the caller aborted (run cancelled, worker shutting down)
 */
export type ModelCallErrorCode =
  | "rate_limited"
  | "timeout"
  | "connection"
  | "http_error"
  | "server_error"
  | "bad_response"
  | "blocked"
  | "cancelled";

export interface ModelCallErrorOptions {
  status?: number;
  retryable: boolean;
  /** The upstream's own explanation (e.g. its `error.message`), already trimmed; for fail-fast. */
  detail?: string;
  /** How long the upstream asked us to wait (Retry-After and friends), in ms. */
  retryAfterMs?: number;
}

/**
 * A failed model call. Messages are built from the status and a trimmed upstream body only,
 * never from request options, so they cannot carry the API key.
 */
export class ModelCallError extends Error {
  override name = "ModelCallError";
  readonly code: ModelCallErrorCode;
  readonly status: number | undefined;
  readonly retryable: boolean;
  readonly detail: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(code: ModelCallErrorCode, message: string, options: ModelCallErrorOptions) {
    super(message);
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable;
    this.detail = options.detail;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isModelCallError(error: unknown): error is ModelCallError {
  return error instanceof ModelCallError;
}

export function cancelledError(): ModelCallError {
  return new ModelCallError("cancelled", "the model call was cancelled", { retryable: false });
}
