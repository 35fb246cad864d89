import { pathParamNames, type Route, type RoutePart } from "@assay/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../app-error.ts";
import type { RateLimiter } from "../platform/rate-limit/rate-limiter.ts";
import type { IdempotencyService } from "../resources/idempotency/service.ts";
import type { OrganizationService } from "../resources/organizations/service.ts";
import type { AuthContext, ProjectScope } from "../tenancy.ts";
import { type Authenticators, authenticate } from "./authenticate.ts";
import { parseRequestPart } from "./validation.ts";

export interface HandlerContext<R extends Route> {
  params: RoutePart<R, "params">;
  query: RoutePart<R, "query">;
  body: RoutePart<R, "body">;
  /** The caller; set on every `apiKey` route. */
  auth: R extends { auth: "apiKey" } ? AuthContext : undefined;
  /** The caller's organization and project named in the path; set on project-scoped routes. */
  scope: ProjectScope;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The request's `Idempotency-Key` (POSTs with an API key): a create may keep it with what it
   * makes, in the same transaction, so a repeat finds that even after a crash.
   */
  idempotencyKey?: string;
}

/**
 * What a handler returns: the route's response body, before serialization; nothing for an
 * event stream, which the handler writes itself.
 */
export type ResponseOf<R> = R extends { readonly responseKind: "event-stream" }
  ? undefined
  : R extends { readonly response: infer S extends z.ZodType }
    ? z.input<S>
    : never;

export type Handler<R extends Route> = (context: HandlerContext<R>) => Promise<ResponseOf<R>>;

export interface RouteDeps extends Authenticators {
  organizations: OrganizationService;
  /** Absent when rate limiting is switched off. */
  rateLimiter?: RateLimiter;
  rateLimitBurst: number;
  /** Check every answer against the protocol schema (tests): a drifting handler fails loudly. */
  validateResponses: boolean;
  /** Repeats of a POST with the same Idempotency-Key get the first answer; absent in bare apps. */
  idempotency?: IdempotencyService;
}

/**
 * Binds a protocol route to a handler. Every route gets the same treatment, in order:
 * authenticate (API-key routes), rate-limit per key, validate params, query and body with the
 * protocol schemas (400 naming the field), confine project routes to the caller's organization
 * (404 otherwise), answer a repeated POST with its first answer (`Idempotency-Key`), then run the
 * handler and answer with the route's status (event streams answer from their handler).
 */
export function bindRoute<R extends Route>(
  app: FastifyInstance,
  route: R,
  deps: RouteDeps,
  handler: Handler<R>,
) {
  const projectScoped = ["organization_id", "project_id"].every((p) =>
    pathParamNames(route.path).includes(p),
  );

  app.route({
    method: route.method,
    url: route.path.replace(/\{([a-z_]+)\}/g, ":$1"),
    config: { operationId: route.operationId },
    handler: async (request, reply) => {
      let auth: AuthContext | undefined;
      if (route.auth === "apiKey") {
        auth = await authenticate(request, deps, reply);
        await takeRateLimitToken(auth, reply, deps);
      }
      const params = route.params
        ? parseRequestPart("params", route.params, request.params)
        : undefined;
      const query = route.query ? parseRequestPart("query", route.query, request.query) : undefined;
      const body = route.body ? parseRequestPart("body", route.body, request.body) : undefined;

      let scope: ProjectScope | undefined;
      if (projectScoped && auth) {
        const p = params as { organization_id: string; project_id: string };
        scope = await deps.organizations.resolveScope(auth, p.organization_id, p.project_id);
      }

      const idempotencyKey =
        route.method === "POST" && !route.readOnly && auth && deps.idempotency
          ? firstHeader(request.headers["idempotency-key"])
          : undefined;
      if (idempotencyKey !== undefined && auth && deps.idempotency) {
        const started = await deps.idempotency.start(auth.organizationId, idempotencyKey, {
          method: route.method,
          path: request.url,
          body: request.body,
        });
        if (started.kind === "replay") {
          reply.header("idempotent-replayed", "true");
          reply.code(started.statusCode);
          return started.body;
        }
      }

      const context = { params, query, body, auth, request, reply, idempotencyKey } as Omit<
        HandlerContext<R>,
        "scope"
      >;
      Object.defineProperty(context, "scope", {
        get() {
          if (!scope) throw new Error(`route ${route.operationId} is not project-scoped`);
          return scope;
        },
      });
      let result: ResponseOf<R>;
      try {
        result = await handler(context as HandlerContext<R>);
      } catch (error) {
        // Failed: the key goes back, so a retry runs the request again.
        if (idempotencyKey !== undefined && auth)
          await deps.idempotency?.release(auth.organizationId, idempotencyKey);
        throw error;
      }
      // An event stream was hijacked and written by its handler: it answers nothing here, and
      // counted once against the rate limit above however long it stays open.
      if (route.responseKind === "event-stream") return reply;
      if (deps.validateResponses) {
        const check = route.response.safeParse(result);
        if (!check.success) {
          throw new Error(
            `response of ${route.operationId} breaks its schema: ${check.error.message}`,
          );
        }
      }
      if (idempotencyKey !== undefined && auth)
        await deps.idempotency?.complete(auth.organizationId, idempotencyKey, route.status, result);
      reply.code(route.status);
      return result;
    },
  });
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function takeRateLimitToken(auth: AuthContext, reply: FastifyReply, deps: RouteDeps) {
  if (!deps.rateLimiter) return;
  const decision = await deps.rateLimiter.take(`key:${auth.apiKeyId}`);
  reply.header("x-ratelimit-limit", deps.rateLimitBurst);
  reply.header("x-ratelimit-remaining", decision.remaining);
  if (!decision.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      `rate limit exceeded; retry in ${decision.retryAfterSeconds} s`,
      {
        retryAfterSeconds: decision.retryAfterSeconds,
      },
    );
  }
}
