import type { z } from "zod";
import { describeErrorBody } from "./core/error-body.ts";

/**
 * Every error the SDK throws, as one hierarchy so a caller can catch at the level it cares about:
 *
 * ServiceError                      configuration and client-side checks (missing key, too large upload)
 * ├─ WaitTimeoutError               a waiting helper gave up; the work goes on on the server
 * ├─ InvalidAnnotationsError        annotations to import are refused before sending, line by line
 * └─ APIError                       something went wrong talking to the API
 *    ├─ APIConnectionError          no answer: network failure, or the caller's signal aborted
 *    │  └─ APITimeoutError          no answer within the timeout (after all retries)
 *    ├─ APIResponseValidationError  a 2xx answer that does not match the route's schema
 *    └─ APIStatusError              a non-2xx answer; one subclass per status we branch on
 *
 * The package root exports only the common ones; `@assay/client/errors` exports them all.
 */

/** Response headers as a plain record with lower-cased names: easy to log, compare and serialize. */
export type ResponseHeaders = Readonly<Record<string, string>>;

export class ServiceError extends Error {
  override name = "ServiceError";
}

/**
 * `waitForCompletion()` gave up after its `timeoutMs`. Nothing was cancelled: the evaluation goes
 * on on the server; `last` is what the final poll saw.
 */
export class WaitTimeoutError<T = unknown> extends ServiceError {
  override name = "WaitTimeoutError";
  readonly timeoutMs: number;
  readonly last: T;

  constructor(message: string, init: { timeoutMs: number; last: T }) {
    super(message);
    this.timeoutMs = init.timeoutMs;
    this.last = init.last;
  }
}

/** One bad annotation: where it is (`line 3` of a file, `annotations[2]` of an array) and why. */
export interface AnnotationProblem {
  where: string;
  message: string;
}

/**
 * Annotations refused before anything was sent: every bad line (or array item) is in
 * `problems`, so a whole file can be fixed in one go; the message lists the first ten.
 */
export class InvalidAnnotationsError extends ServiceError {
  override name = "InvalidAnnotationsError";
  readonly problems: readonly AnnotationProblem[];

  constructor(source: string, problems: readonly AnnotationProblem[]) {
    const listed = problems.slice(0, 10).map((p) => `\n  ${p.where}: ${p.message}`);
    const more = problems.length > 10 ? `\n  … and ${problems.length - 10} more` : "";
    const noun = problems.length === 1 ? "annotation" : "annotations";
    super(`${problems.length} invalid ${noun} in ${source}:${listed.join("")}${more}`);
    this.problems = problems;
  }
}

export interface APIErrorInit {
  statusCode?: number | undefined;
  body?: unknown;
  headers?: ResponseHeaders | undefined;
  cause?: unknown;
}

export class APIError extends ServiceError {
  override name = "APIError";
  /** HTTP status of the answer; undefined when there was no answer. */
  readonly statusCode: number | undefined;
  /** The `error` value of a JSON error body, else the parsed JSON, else the raw text. */
  readonly body: unknown;
  readonly headers: ResponseHeaders | undefined;
  /** The server's `x-request-id`, to quote when reporting a problem. */
  readonly requestId: string | undefined;

  constructor(message: string, init: APIErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.statusCode = init.statusCode;
    this.body = init.body;
    this.headers = init.headers;
    this.requestId = init.headers?.["x-request-id"];
  }
}

export class APIConnectionError extends APIError {
  override name = "APIConnectionError";

  constructor(init: { message?: string; cause?: unknown } = {}) {
    super(init.message ?? "Connection error.", { cause: init.cause });
  }
}

export class APITimeoutError extends APIConnectionError {
  override name = "APITimeoutError";

  constructor(init: { message?: string } = {}) {
    super({ message: init.message ?? "Request timed out." });
  }
}

export class APIResponseValidationError extends APIError {
  override name = "APIResponseValidationError";
  /** What did not match; empty when the body was not JSON at all. */
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(
    message: string,
    init: {
      statusCode: number;
      body: unknown;
      headers: ResponseHeaders;
      issues: z.core.$ZodIssue[];
    },
  ) {
    super(message, init);
    this.issues = init.issues;
  }
}

export interface APIStatusErrorInit {
  statusCode: number;
  message: string;
  body: unknown;
  headers: ResponseHeaders;
}

export class APIStatusError extends APIError {
  override name = "APIStatusError";
  declare readonly statusCode: number;
  declare readonly headers: ResponseHeaders;

  constructor(init: APIStatusErrorInit) {
    super(init.message, init);
  }

  /**
   * The one place that turns a non-2xx answer into an error: the subclass follows the status, the
   * message and body follow the wire protocol (§1.8), so every caller reports errors the same way.
   */
  static generate(statusCode: number, bodyText: string, headers: ResponseHeaders): APIStatusError {
    const init = { statusCode, headers, ...describeErrorBody(statusCode, bodyText) };
    switch (statusCode) {
      case 400:
        return new BadRequestError(init);
      case 401:
        return new AuthenticationError(init);
      case 403:
        return new PermissionDeniedError(init);
      case 404:
        return new NotFoundError(init);
      case 409:
        return new ConflictError(init);
      case 422:
        return new UnprocessableEntityError(init);
      case 429:
        return new RateLimitError(init);
      default:
        return statusCode >= 500 ? new InternalServerError(init) : new APIStatusError(init);
    }
  }
}

export class BadRequestError extends APIStatusError {
  override name = "BadRequestError";
}

export class AuthenticationError extends APIStatusError {
  override name = "AuthenticationError";
}

export class PermissionDeniedError extends APIStatusError {
  override name = "PermissionDeniedError";
}

export class NotFoundError extends APIStatusError {
  override name = "NotFoundError";
}

export class ConflictError extends APIStatusError {
  override name = "ConflictError";
}

export class UnprocessableEntityError extends APIStatusError {
  override name = "UnprocessableEntityError";
}

export class RateLimitError extends APIStatusError {
  override name = "RateLimitError";
}

export class InternalServerError extends APIStatusError {
  override name = "InternalServerError";
}
