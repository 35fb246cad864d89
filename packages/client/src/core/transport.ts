import {
  APIConnectionError,
  type APIError,
  APIStatusError,
  APITimeoutError,
  type ResponseHeaders,
} from "../errors.ts";
import { abortedError } from "./abort.ts";
import type { FetchLike } from "./client-options.ts";
import { headersToRecord } from "./headers.ts";
import { isRetryableStatus, retryDelayMs } from "./retry-policy.ts";

/** What the transport needs from its client; `sleep` and `random` are seams for fast tests. */
export interface TransportDeps {
  fetch: FetchLike;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

/** `BodyInit` by another name: only `RequestInit` exists both with DOM types and with Node types. */
export type RequestBody = NonNullable<RequestInit["body"]>;

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: RequestBody | undefined;
}

/** A 2xx answer with its body already read (reading the body is part of the attempt's timeout). */
export interface HttpResponse {
  statusCode: number;
  headers: ResponseHeaders;
  text: string;
}

export interface SendOptions {
  timeout: number;
  maxRetries: number;
  signal?: AbortSignal | undefined;
}

/**
 * Sends one request with a timeout per attempt and up to `maxRetries` retries. Resolves with a
 * 2xx answer; rejects with the mapped `APIStatusError`, `APITimeoutError` or `APIConnectionError`
 * of the last attempt.
 */
export async function send(
  deps: TransportDeps,
  request: HttpRequest,
  options: SendOptions,
): Promise<HttpResponse> {
  const { signal } = options;
  request = withIdempotencyKey(request);
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) throw abortedError(signal);
    let failure: { error: APIError; retryable: boolean; headers?: ResponseHeaders };
    try {
      const response = await attempt(deps.fetch, request, options.timeout, signal);
      if (response.statusCode >= 200 && response.statusCode < 300) return response;
      failure = {
        error: APIStatusError.generate(response.statusCode, response.text, response.headers),
        retryable: isRetryableStatus(response.statusCode),
        headers: response.headers,
      };
    } catch (error) {
      if (signal?.aborted) throw abortedError(signal);
      failure = { error: error as APIError, retryable: true };
    }
    if (!failure.retryable || retry >= options.maxRetries) throw failure.error;
    await deps.sleep(retryDelayMs(retry, failure.headers, deps.random), signal);
  }
}

/**
 * A POST carries an `Idempotency-Key`, the same on every retry of it: the service answers a
 * repeat with its first answer, so a create whose answer was lost (a reset, a proxy's timeout, a
 * crash after the commit) is never made twice by the retry. A key the caller set is kept.
 */
function withIdempotencyKey(request: HttpRequest): HttpRequest {
  if (request.method !== "POST") return request;
  if (Object.keys(request.headers).some((name) => name.toLowerCase() === "idempotency-key"))
    return request;
  return { ...request, headers: { ...request.headers, "idempotency-key": randomKey() } };
}

/**
 * 128 random bits as hex. Not `crypto.randomUUID()`: browsers offer it only in secure contexts,
 * and a dashboard served over plain http on a network address is not one.
 */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** One try; a timer aborts it after `timeout` ms, and the caller's signal aborts it at once. */
async function attempt(
  fetch: FetchLike,
  request: HttpRequest,
  timeout: number,
  signal: AbortSignal | undefined,
): Promise<HttpResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", forwardAbort, { once: true });
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: controller.signal,
      // Like the original client: a redirect is an answer to report, not to follow silently.
      redirect: "manual",
    });
    const text = await response.text();
    return { statusCode: response.status, headers: headersToRecord(response.headers), text };
  } catch (cause) {
    if (timedOut) throw new APITimeoutError({ message: `Request timed out after ${timeout} ms.` });
    throw new APIConnectionError({ message: `Connection error: ${describe(cause)}`, cause });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }
}

/** fetch reports network failures as `TypeError: fetch failed` with the real reason in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
