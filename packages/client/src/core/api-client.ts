import { fillPath, pathParamNames, REQUEST_MARKER_HEADER, type Route } from "@assay/protocol";
import type { z } from "zod";
import { type APIError, ServiceError } from "../errors.ts";
import { VERSION } from "../version.ts";
import { abortedError } from "./abort.ts";
import {
  type ClientOptions,
  checkMaxRetries,
  checkTimeout,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT,
  type RequestOptions,
  type ViewOptions,
} from "./client-options.ts";
import {
  API_KEY_ENV_VARS,
  BASE_URL_ENV_VARS,
  DEFAULT_BASE_URL,
  firstPresent,
} from "./environment.ts";
import { openEventStream, readEventStream } from "./event-stream.ts";
import { mergeHeaders } from "./headers.ts";
import { withPrefixHint } from "./prefix-hint.ts";
import { sleep } from "./sleep.ts";
import { type SendOptions, send, type TransportDeps } from "./transport.ts";
import { putUpload, type UploadData, type UploadTarget } from "./upload.ts";
import { buildURL, normalizeBaseURL } from "./url.ts";
import { validateResponse } from "./validate-response.ts";

/** Path parameters a project-scoped client fills in from the key's organization and project. */
export type ScopeParam = "organization_id" | "project_id";

export type RouteOutput<R extends Route> = z.output<R["response"]>;

/** Params, query and body of one call to `route`, typed from its schemas. */
export interface RequestInput<R extends Route> {
  params?: R["params"] extends z.ZodObject ? Omit<z.input<R["params"]>, ScopeParam> : undefined;
  query?: R["query"] extends z.ZodObject ? z.input<R["query"]> : undefined;
  body?: R["body"] extends z.ZodType ? z.input<R["body"]> : undefined;
}

/** Configuration resolved once and shared, unchanged, by a client and its `withOptions()` views. */
interface SharedConfig extends TransportDeps {
  /** Undefined in cookie mode: the browser's session cookie authenticates instead. */
  apiKey: string | undefined;
  baseURL: string;
  defaultHeaders: Readonly<Record<string, string>>;
}

/**
 * @internal Not part of the public API. Test seams (`sleep`, `random`) and, from `withOptions()`,
 * the parent's shared configuration.
 */
export interface ClientInternals {
  sleep?: TransportDeps["sleep"];
  random?: () => number;
  shared?: SharedConfig;
}

/**
 * What `Client` and `PublicClient` have in common: configuration, request building, retries,
 * timeouts, response validation and uploads. Resources call `request()` with a protocol route.
 */
export abstract class APIClient {
  readonly baseURL: string;
  readonly timeout: number;
  readonly maxRetries: number;
  readonly #shared: SharedConfig;

  constructor(options: ClientOptions = {}, internals: ClientInternals = {}) {
    this.#shared = internals.shared ?? resolveShared(options, internals);
    this.baseURL = this.#shared.baseURL;
    this.timeout = checkTimeout(options.timeout ?? DEFAULT_TIMEOUT);
    this.maxRetries = checkMaxRetries(options.maxRetries ?? DEFAULT_MAX_RETRIES);
  }

  /** A new client object with other defaults, sharing key, base URL, fetch and state with this one. */
  abstract withOptions(options: ViewOptions): APIClient;

  /** Calls one route of the protocol's route table and returns its validated response. */
  async request<R extends Route>(
    route: R,
    input: RequestInput<R> = {},
    options: RequestOptions = {},
  ): Promise<RouteOutput<R>> {
    if (route.bodyKind === "binary") {
      throw new ServiceError(`${route.operationId} takes a file; use upload() instead.`);
    }
    if (route.responseKind === "event-stream") {
      throw new ServiceError(`${route.operationId} answers events; use stream() instead.`);
    }
    const { url, headers, hasBody, baseURL } = await this.#prepare(
      route,
      input,
      options,
      "application/json",
    );
    const response = await send(
      this.#shared,
      {
        method: route.method,
        url,
        headers,
        body: hasBody ? JSON.stringify(input.body) : undefined,
      },
      this.sendOptions(options),
    ).catch((error: APIError) => {
      throw withPrefixHint(error, baseURL, url);
    });
    return validateResponse(route, response);
  }

  /**
   * Opens an event-stream route and yields its events, each `data` validated against the route's
   * schema, until the server ends the stream; stopping the iteration (or `options.signal`)
   * aborts the request. One attempt and no timeout: a stream is long by nature, and whether to
   * reconnect is the caller's choice.
   */
  async *stream<R extends Route>(
    route: R,
    input: RequestInput<R> = {},
    options: RequestOptions = {},
  ): AsyncGenerator<{ event: string; data: RouteOutput<R> }> {
    const { url, headers } = await this.#prepare(route, input, options, "text/event-stream");
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", forwardAbort, { once: true });
    try {
      const opened = await openEventStream(this.#shared.fetch, url, headers, controller.signal);
      for await (const { event, data } of readEventStream(opened.body)) {
        const checked = validateResponse(route, {
          statusCode: 200,
          headers: opened.headers,
          text: data,
        });
        yield { event, data: checked };
      }
    } catch (error) {
      if (options.signal?.aborted) throw abortedError(options.signal);
      throw error;
    } finally {
      options.signal?.removeEventListener("abort", forwardAbort);
      controller.abort();
    }
  }

  /**
   * PUTs a file to a presigned upload URL (from a `…/upload` route) with exactly the headers the
   * server announced, with this client's fetch, timeout and retries.
   */
  upload(
    target: UploadTarget,
    data: UploadData,
    options: Omit<RequestOptions, "headers"> = {},
  ): Promise<void> {
    return putUpload(this.#shared, target, data, this.sendOptions(options));
  }

  /** The URL and headers of one call (the key's scope filled into project-scoped paths). */
  async #prepare<R extends Route>(
    route: R,
    input: RequestInput<R>,
    options: RequestOptions,
    accept: string,
  ) {
    const scope = isProjectScoped(route) ? await this.scopeParams(options) : {};
    const path = buildPath(route, { ...(input.params as Record<string, string>), ...scope });
    const hasBody = route.bodyKind === "json" && input.body !== undefined;
    const { apiKey, baseURL, defaultHeaders } = this.#shared;
    const headers = mergeHeaders(
      {
        accept,
        // Cookie mode (no key): the session cookie authenticates, the marker header proves the
        // request came from the dashboard's own page.
        ...(apiKey === undefined ? { [REQUEST_MARKER_HEADER]: "1" } : { "x-api-key": apiKey }),
        "x-assay-client": `typescript/${VERSION}`,
      },
      hasBody ? { "content-type": "application/json" } : undefined,
      defaultHeaders,
      options.headers,
    );
    const url = buildURL(baseURL, path, input.query as Record<string, unknown> | undefined);
    return { url, headers, hasBody, baseURL };
  }

  /** `organization_id` and `project_id` for project-scoped routes; only `Client` has them. */
  protected scopeParams(_options: RequestOptions): Promise<Record<ScopeParam, string>> {
    return Promise.reject(
      new ServiceError("This client has no organization; use Client for project-scoped routes."),
    );
  }

  /** Constructor arguments of a view: its own defaults, the parent's shared configuration. */
  protected viewArguments(options: ViewOptions): [ClientOptions, ClientInternals] {
    return [
      {
        timeout: options.timeout ?? this.timeout,
        maxRetries: options.maxRetries ?? this.maxRetries,
      },
      { shared: this.#shared },
    ];
  }

  private sendOptions(options: RequestOptions): SendOptions {
    return {
      timeout: checkTimeout(options.timeout ?? this.timeout),
      maxRetries: checkMaxRetries(options.maxRetries ?? this.maxRetries),
      signal: options.signal,
    };
  }
}

function resolveShared(options: ClientOptions, internals: ClientInternals): SharedConfig {
  const cookie = options.auth === "cookie";
  if (cookie && options.apiKey !== undefined) {
    throw new ServiceError('auth "cookie" sends no API key: leave apiKey out.');
  }
  const apiKey = cookie ? undefined : firstPresent(options.apiKey, API_KEY_ENV_VARS);
  if (!cookie && apiKey === undefined) {
    throw new ServiceError(`No API key: pass apiKey or set one of ${API_KEY_ENV_VARS.join(", ")}.`);
  }
  const baseURL = firstPresent(options.baseURL, BASE_URL_ENV_VARS) ?? DEFAULT_BASE_URL;
  const fetch = options.fetch ?? globalThis.fetch;
  if (typeof fetch !== "function") {
    throw new ServiceError("No fetch available: pass the fetch option.");
  }
  return {
    apiKey,
    baseURL: normalizeBaseURL(baseURL),
    defaultHeaders: { ...options.defaultHeaders },
    // Called unbound: browsers refuse a fetch invoked as a method of another object.
    fetch: cookie
      ? (input, init) => fetch(input, { ...init, credentials: "same-origin" })
      : (input, init) => fetch(input, init),
    sleep: internals.sleep ?? sleep,
    random: internals.random ?? Math.random,
  };
}

export function isProjectScoped(route: Route): boolean {
  return pathParamNames(route.path).some(
    (name) => name === "organization_id" || name === "project_id",
  );
}

function buildPath(route: Route, params: Record<string, string>): string {
  try {
    return fillPath(route.path, params);
  } catch (error) {
    throw new ServiceError(`${route.operationId}: ${(error as Error).message}`);
  }
}
