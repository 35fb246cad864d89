import { EventEmitter } from "node:events";
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import { MODEL_URL_BLOCKED } from "../../platform/ssrf/guarded-dispatcher.ts";
import { ALLOW_HOST_HINT } from "../../platform/ssrf/model-url.ts";
import { subscribeAbort } from "./abort-subscription.ts";
import { cancelledError, ModelCallError } from "./model-call-error.ts";
import {
  type AnswerReading,
  errorDetail,
  type ParsedCompletion,
  parseCompletion,
} from "./response.ts";
import { retryAfterMs } from "./retry-policy.ts";

/** Where one call goes, resolved once per endpoint. */
export interface CallTarget {
  dispatcher: Dispatcher;
  origin: string;
  path: string;
  /** Shared by every call to the endpoint; undici does not mutate it. */
  headers: Record<string, string>;
  apiKey: string | undefined;
  /** Where the endpoint's answers keep their reasoning. */
  reading: AnswerReading;
}

export interface AttemptLimits {
  timeoutMs: number;
  maxResponseBytes: number;
}

/** Error bodies are only read this far: enough for a message, never a 20 MB HTML page. */
const ERROR_BODY_BYTES = 16 * 1024;

/** Socket-level failures worth another attempt; anything else unknown (TLS trust, bugs) is not. */
const TRANSIENT_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTDOWN",
  "EAI_AGAIN",
  "ENOTFOUND",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_RES_CONTENT_LENGTH_MISMATCH",
]);

/**
 * One HTTP attempt: POST, read at most `maxResponseBytes`, parse. Resolves with the completion or
 * throws a ModelCallError whose `retryable` says whether another attempt may help. The total
 * time of the attempt (headers and body) is bounded by `timeoutMs`, so a 1 byte/s answer ends
 * too; the caller's signal aborts the socket at once.
 */
export async function attemptCompletion(
  target: CallTarget,
  payload: string,
  limits: AttemptLimits,
  signal: AbortSignal | undefined,
  /** Sees the headers of every answer, whatever its status (the quota pacer reads them). */
  onHeaders?: (headers: IncomingHttpHeaders) => void,
): Promise<ParsedCompletion> {
  // A listener added to an already-aborted signal never fires.
  if (signal?.aborted) throw cancelledError();
  // undici takes an EventEmitter as a request's signal (it listens for "abort"): per call, an
  // AbortController's EventTarget and its listener bookkeeping cost several times as much. The
  // flags below, not the error undici throws, say why an attempt was cut short.
  const aborter = new EventEmitter();
  const abort = () => aborter.emit("abort");
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort();
  }, limits.timeoutMs);
  const unsubscribe = signal ? subscribeAbort(signal, abort) : undefined;

  try {
    const response = await target.dispatcher.request({
      origin: target.origin,
      path: target.path,
      method: "POST",
      headers: target.headers,
      body: payload,
      signal: aborter,
      headersTimeout: limits.timeoutMs,
      bodyTimeout: limits.timeoutMs,
    });
    const { statusCode, headers, body } = response;
    onHeaders?.(headers);
    if (statusCode >= 200 && statusCode < 300) {
      const text = await readCapped(body, headers, limits.maxResponseBytes);
      return parseCompletion(text, target.apiKey, target.reading);
    }
    if (statusCode >= 300 && statusCode < 400) {
      await body.dump();
      throw new ModelCallError(
        "http_error",
        `model endpoint answered ${statusCode} (a redirect; redirects are not followed)`,
        { status: statusCode, retryable: false },
      );
    }
    const text = await readPrefix(body, ERROR_BODY_BYTES);
    throw statusError(statusCode, headers, text, target.apiKey);
  } catch (error) {
    if (signal?.aborted) throw cancelledError();
    if (timedOut) {
      throw new ModelCallError(
        "timeout",
        `the model endpoint did not answer within ${limits.timeoutMs} ms`,
        { retryable: true },
      );
    }
    throw toModelCallError(error);
  } finally {
    clearTimeout(timer);
    unsubscribe?.();
  }
}

function statusError(
  status: number,
  headers: IncomingHttpHeaders,
  text: string,
  apiKey: string | undefined,
): ModelCallError {
  const detail = errorDetail(text, apiKey);
  const message = detail
    ? `model endpoint answered ${status}: ${detail}`
    : `model endpoint answered ${status}`;
  if (status === 429) {
    return new ModelCallError("rate_limited", message, {
      status,
      retryable: true,
      detail,
      retryAfterMs: retryAfterMs(headers, status, Date.now()),
    });
  }
  if (status >= 500) {
    return new ModelCallError("server_error", message, {
      status,
      retryable: true,
      detail,
      retryAfterMs: retryAfterMs(headers, status, Date.now()),
    });
  }
  if (status === 408) return new ModelCallError("timeout", message, { status, retryable: true });
  return new ModelCallError("http_error", message, { status, retryable: false, detail });
}

export function toModelCallError(error: unknown): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const code = errorCode(error);
  if (code === MODEL_URL_BLOCKED) {
    // Fixed message: nothing about the refused address reaches a sample's error (B5).
    return new ModelCallError(
      "blocked",
      `connection refused: the model endpoint resolves to a blocked address; to allow it: ${ALLOW_HOST_HINT}`,
      { retryable: false },
    );
  }
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return new ModelCallError("timeout", "the model endpoint did not answer in time", {
      retryable: true,
    });
  }
  if (code === "UND_ERR_DESTROYED") return cancelledError();
  const reason = error instanceof Error ? error.message : String(error);
  return new ModelCallError(
    "connection",
    `could not reach the model endpoint: ${code ?? "error"}${reason ? ` (${reason})` : ""}`,
    { retryable: code !== undefined && TRANSIENT_CODES.has(code) },
  );
}

/** The error's `code`, or its cause's (undici wraps some socket errors). */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function tooLarge(cap: number): ModelCallError {
  return new ModelCallError(
    "bad_response",
    `the model response exceeded ${formatBytes(cap)}; it was not read further`,
    { retryable: false },
  );
}

/**
 * The whole body as text, or a `bad_response` as soon as it passes `cap` bytes (the socket is
 * destroyed, so a hostile endpoint cannot make us buffer a 20 GB answer).
 */
async function readCapped(
  body: Dispatcher.ResponseData["body"],
  headers: IncomingHttpHeaders,
  cap: number,
): Promise<string> {
  const declared = headers["content-length"];
  if (declared !== undefined) {
    if (Number(declared) > cap) {
      discard(body);
      throw tooLarge(cap);
    }
    // The parser never delivers more than Content-Length: the fast path is safe.
    return body.text();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > cap) {
      discard(body);
      throw tooLarge(cap);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

/** The first `limit` bytes of an error body; the rest is discarded with the socket. */
async function readPrefix(body: Dispatcher.ResponseData["body"], limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit) {
        discard(body);
        break;
      }
    }
  } catch {
    // A broken error body still leaves a status worth reporting.
  }
  return Buffer.concat(chunks, size).toString("utf8").slice(0, limit);
}

/** Drops the rest of a body with its socket; the abort error it emits is expected, not news. */
function discard(body: Dispatcher.ResponseData["body"]): void {
  body.on("error", ignore);
  body.destroy();
}

function ignore(): void {}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
