import type { z } from "zod";
import type { ErrorCode } from "./errors.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * How a route is authorized: by API key (`x-api-key` or `Authorization: Bearer`), by the signature
 * in its own URL (presigned uploads), or not at all (service metadata).
 */
export type RouteAuth = "apiKey" | "signedUrl" | "none";

/** A route as written in the route table. */
export interface RouteSpec {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Path under the API prefix, OpenAPI style: `/organizations/{organization_id}`. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: RouteAuth;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** `binary` bodies are streamed by the handler, never buffered or parsed as JSON. */
  readonly bodyKind?: "json" | "binary";
  readonly status?: 200 | 201;
  /**
   * `event-stream`: the answer is server-sent events, each event's `data` one `response` (as
   * JSON); the handler writes the stream itself. Default `json`.
   */
  readonly responseKind?: "json" | "event-stream";
  readonly response: z.ZodType;
  /**
   * Error codes this route answers beyond those every route of its kind can (400 for invalid
   * input, 401/429 with an API key, 404 for an id in the path, 413/415 for a JSON body, 500/503):
   * the OpenAPI document lists their statuses.
   */
  readonly errors?: readonly ErrorCode[];
  /**
   * A POST that changes nothing (an estimate): a repeat is simply answered again, so no
   * `Idempotency-Key` answer is kept for it.
   */
  readonly readOnly?: boolean;
}

/**
 * One operation of the HTTP API. The server binds handlers to these, validating params, query and
 * body with the schemas here; the client builds requests from them and validates answers with
 * `response`; the OpenAPI document is generated from the same table.
 */
export type Route = RouteSpec & {
  readonly bodyKind: "json" | "binary" | "none";
  readonly status: 200 | 201;
};

/** Keeps every literal of the spec (auth mode, schemas present or not) for typed handlers and calls. */
export function defineRoute<const S extends RouteSpec>(
  spec: S,
): S & { readonly bodyKind: Route["bodyKind"]; readonly status: Route["status"] } {
  return {
    ...spec,
    bodyKind: spec.bodyKind ?? (spec.body ? "json" : "none"),
    status: spec.status ?? 200,
  };
}

/** The parsed type of a route's `params`, `query` or `body`; undefined when it has none. */
export type RoutePart<R, K extends "params" | "query" | "body"> = R extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** What a client sends for a route's `params`, `query` or `body` (before coercion and defaults). */
export type RouteInput<R, K extends "params" | "query" | "body"> = R extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** The names of `{placeholders}` in a path template, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
}

/** Fills a path template; values are percent-encoded so an odd id cannot change the route. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
