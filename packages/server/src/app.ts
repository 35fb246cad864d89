import { ERROR_STATUS, type ErrorBody } from "@assay/protocol";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import type { Logger } from "pino";
import type { Catalog } from "./catalog/catalog.ts";
import { catalogEntries } from "./catalog/catalog-entries.ts";
import { type Config, DEFAULT_HTTP_TIMEOUTS, DEFAULT_INTEGRATION_TIMEOUT_MS } from "./config.ts";
import { registerBrowserRedirect } from "./dashboard/browser-redirect.ts";
import { registerDashboard } from "./dashboard/register-dashboard.ts";
import { createSandboxStatus } from "./engine/sandbox/sandbox-status.ts";
import type { RouteDeps } from "./http/bind-route.ts";
import { createBoundedServer } from "./http/bounded-server.ts";
import { answerClientError } from "./http/client-error.ts";
import { closeWithin } from "./http/close-within.ts";
import { parseJsonBody } from "./http/json-body.ts";
import { REQUEST_ID_HEADER, requestIdFor } from "./http/request-id.ts";
import { registerRequestLog } from "./http/request-log.ts";
import { toAppError } from "./http/to-app-error.ts";
import type { BlobStore } from "./platform/blobs/blob-store.ts";
import type { LocalBlobStore } from "./platform/blobs/local/local-blob-store.ts";
import type { Clock } from "./platform/clock.ts";
import type { SecretBox } from "./platform/crypto/secret-box.ts";
import type { Database } from "./platform/db/database.ts";
import type { CopyRows } from "./platform/db/postgres-copy.ts";
import type { JobQueue } from "./platform/queue/job-queue.ts";
import type { RateLimiter } from "./platform/rate-limit/rate-limiter.ts";
import { createRecentCache } from "./platform/recent-cache.ts";
import { createGuardedDispatcher } from "./platform/ssrf/guarded-dispatcher.ts";
import { checkModelUrl } from "./platform/ssrf/model-url.ts";
import { registerAnnotationRoutes } from "./resources/annotations/routes.ts";
import { createAnnotationService } from "./resources/annotations/service.ts";
import { createApiKeyService } from "./resources/api-keys/service.ts";
import { createBuiltinData } from "./resources/benchmarks/builtin-data.ts";
import { registerBenchmarkRoutes } from "./resources/benchmarks/routes.ts";
import { createBenchmarkService } from "./resources/benchmarks/service.ts";
import { registerBlobRoutes } from "./resources/blobs/routes.ts";
import { createComparisonService } from "./resources/comparisons/comparison-service.ts";
import { registerComparisonRoutes } from "./resources/comparisons/routes.ts";
import { createRunMatrixService } from "./resources/comparisons/run-matrix-service.ts";
import { registerEvaluationSpaceRoutes } from "./resources/evaluation-spaces/routes.ts";
import { createEvaluationSpaceService } from "./resources/evaluation-spaces/service.ts";
import { createProgressPoller } from "./resources/evaluations/progress-poller.ts";
import type { ProgressPoller } from "./resources/evaluations/progress-stream.ts";
import { registerEvaluationRoutes } from "./resources/evaluations/routes.ts";
import { createEvaluationService } from "./resources/evaluations/service.ts";
import { createIdempotencyService } from "./resources/idempotency/service.ts";
import { createInlineImporter, type Importer } from "./resources/imports/importer.ts";
import { registerIntegrationRoutes } from "./resources/integrations/routes.ts";
import { createIntegrationService } from "./resources/integrations/service.ts";
import { registerJudgeOptimizationRoutes } from "./resources/judge-optimizations/routes.ts";
import { createJudgeOptimizationService } from "./resources/judge-optimizations/service.ts";
import { registerJudgeRoutes } from "./resources/judges/routes.ts";
import { createJudgeService } from "./resources/judges/service.ts";
import { createHealthService } from "./resources/meta/health-service.ts";
import { registerMetaRoutes } from "./resources/meta/routes.ts";
import { registerModelRoutes } from "./resources/models/routes.ts";
import { createModelService } from "./resources/models/service.ts";
import { registerOrganizationRoutes } from "./resources/organizations/routes.ts";
import { createOrganizationService } from "./resources/organizations/service.ts";
import { registerProjectRoutes } from "./resources/projects/routes.ts";
import { createProjectService } from "./resources/projects/service.ts";
import { createPublicCatalog } from "./resources/public-catalog/catalog-listing.ts";
import { registerPublicCatalogRoutes } from "./resources/public-catalog/routes.ts";
import { registerResultRoutes } from "./resources/results/routes.ts";
import { createResultService } from "./resources/results/service.ts";
import { registerScorerRoutes } from "./resources/scorers/routes.ts";
import { createScorerService } from "./resources/scorers/service.ts";
import { registerTraceEvaluationRoutes } from "./resources/trace-evaluations/routes.ts";
import { createTraceEvaluationService } from "./resources/trace-evaluations/service.ts";
import { registerTraceRoutes } from "./resources/traces/routes.ts";
import { createTraceService } from "./resources/traces/service.ts";
import { createUiSessionService } from "./resources/ui-sessions/service.ts";
import { registerUploadRoutes } from "./resources/uploads/routes.ts";
import { createUploadService } from "./resources/uploads/service.ts";
import { TENANCY_CACHE_MS } from "./tenancy.ts";

/** Everything the HTTP app needs, built by the composition root (or by a test). */
export interface AppDeps {
  config: Pick<
    Config,
    | "apiPrefix"
    | "bodyLimitBytes"
    | "uploadUrlTtlSeconds"
    | "rateLimit"
    | "allowedModelHosts"
    | "dataDir"
    | "datasetMirrorUrl"
    | "defaultJudgeModel"
    | "evaluations"
    | "optimizerModel"
  > &
    /**
     * Absent (tests building a bare app): no dashboard, no session cookies accepted, and the
     * default connection bounds.
     */
    Partial<Pick<Config, "publicUrl" | "ui" | "http" | "trustProxy" | "sandbox" | "integrations">>;
  db: Database;
  /** PostgreSQL only: bulk loads (trace files) stream through COPY. */
  copyRows?: CopyRows;
  catalog: Catalog;
  secrets: SecretBox;
  blobs: BlobStore;
  queue: JobQueue;
  /** Absent when rate limiting is off. */
  rateLimiter?: RateLimiter;
  /** Dashboard sign-in attempts per address; the dashboard needs it. */
  signInLimiter?: RateLimiter;
  /** Failed authentications per address (429 past its budget); none in bare test apps. */
  authFailureLimiter?: RateLimiter;
  clock: Clock;
  logger: Logger;
  /** Uploaded files into rows; in the request's own thread when not given (bare test apps). */
  importer?: Importer;
  /** Shared reads of watched evaluations' progress; made here when not given. */
  evaluationProgress?: ProgressPoller;
  /** Tests set this: every answer is checked against its protocol schema. */
  validateResponses?: boolean;
}

const NOT_FOUND_TEXT = "404 page not found";

/** Every error answer: `{"error": {"message", "code", "details"?}}` with the code's status. */
function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  const status = ERROR_STATUS[appError.code];
  if (status >= 500) request.log.error({ err: appError.cause ?? error }, appError.message);
  if (appError.retryAfterSeconds !== undefined)
    reply.header("retry-after", String(appError.retryAfterSeconds));
  const body: ErrorBody = {
    error: {
      message: appError.message,
      code: appError.code,
      ...(appError.details ? { details: appError.details } : {}),
    },
  };
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

/** ASSAY_TRUST_PROXY for Fastify: a hop count as proxy-addr reads one (the nearest `hops` hops). */
function trustedProxies(
  trust: Config["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/**
 * The HTTP app, without listening and without reading the environment: the composition root and
 * the tests build it from explicit dependencies. The API lives under its prefix and the dashboard
 * under `/ui/` (unless turned off); any other path answers 404 with a plain-text body, as the
 * original service does.
 */
export function createApp(deps: AppDeps): FastifyInstance {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    // A malformed percent-escape or an over-long path parameter is refused by the router before
    // any route runs; it answers in the API's error shape too, not Fastify's own.
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      sendError(toAppError(error), request, reply);
    },
    // One line per request, written by our onResponse hook (http/request-log.ts), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
    // Whose X-Forwarded-For names the client (request.ip): no one's unless configured.
    trustProxy: trustedProxies(deps.config.trustProxy ?? false),
    bodyLimit: deps.config.bodyLimitBytes,
    serverFactory: (handler) =>
      createBoundedServer(deps.config.http ?? DEFAULT_HTTP_TIMEOUTS, handler),
    // Exact paths only: the original clients do not follow redirects.
    // Signed upload tokens are a few hundred characters long: allow long path parameters.
    routerOptions: {
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      maxParamLength: 4096,
    },
  });

  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerRequestLog(app);
  closeWithin(app);

  // JSON bodies: empty is none, prototype keys and deep nesting are refused (http/json-body.ts).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  app.setErrorHandler(async (error, request, reply) => sendError(error, request, reply));

  const notFound = (reply: FastifyReply) =>
    reply.code(404).type("text/plain; charset=utf-8").send(NOT_FOUND_TEXT);
  app.setNotFoundHandler(async (_request, reply) => notFound(reply));

  // Serving processes keep keys and organizations for TENANCY_CACHE_MS: a round trip or two less
  // per request on PostgreSQL.
  const apiKeys = createApiKeyService({ ...deps, keyCache: createRecentCache(TENANCY_CACHE_MS) });
  const organizations = createOrganizationService({
    ...deps,
    catalog: catalogEntries(deps.catalog),
    tenantCache: createRecentCache(TENANCY_CACHE_MS),
  });

  const models = createModelService({
    ...deps,
    checkModelUrl: (url) => checkModelUrl(url, { rules: deps.config.allowedModelHosts }),
  });
  const builtinData = createBuiltinData({
    ...deps,
    dataDir: deps.config.dataDir,
    mirrorUrl: deps.config.datasetMirrorUrl,
    allowedHosts: deps.config.allowedModelHosts,
  });
  const sandboxStatus = createSandboxStatus(deps.config.sandbox ?? {});
  const importer = deps.importer ?? createInlineImporter(deps);
  const uploads = createUploadService({
    ...deps,
    importer,
    urlTtlSeconds: deps.config.uploadUrlTtlSeconds,
  });
  const benchmarks = createBenchmarkService({
    ...deps,
    importer,
    uploads,
    defaultJudgeModel: deps.config.defaultJudgeModel,
    builtinData,
    sandboxStatus,
  });
  const evaluations = createEvaluationService({
    ...deps,
    builtinData,
    sandboxStatus,
    organizations,
  });
  const ui = deps.config.ui?.enabled && deps.signInLimiter ? deps.config.ui : undefined;
  const sessions = ui
    ? createUiSessionService({ ...deps, apiKeys, ttlSeconds: ui.sessionTtlSeconds })
    : undefined;
  const publicOrigin = deps.config.publicUrl ? new URL(deps.config.publicUrl).origin : "";
  const routeDeps: RouteDeps = {
    apiKeys,
    sessions,
    publicOrigin,
    failureLimiter: deps.authFailureLimiter,
    organizations,
    rateLimiter: deps.rateLimiter,
    rateLimitBurst: deps.config.rateLimit.burst,
    validateResponses: deps.validateResponses ?? false,
    idempotency: createIdempotencyService(deps),
  };

  app.register(
    async (api) => {
      api.setNotFoundHandler(async (request, reply) =>
        reply.code(404).send({
          error: {
            message: `no route for ${request.method} ${request.url.split("?")[0]}`,
            code: "NOT_FOUND",
          },
        } satisfies ErrorBody),
      );
      registerMetaRoutes(api, {
        ...routeDeps,
        health: createHealthService(deps),
        apiPrefix: deps.config.apiPrefix,
      });
      registerOrganizationRoutes(api, routeDeps);
      registerUploadRoutes(api, { ...routeDeps, uploads });
      registerModelRoutes(api, { ...routeDeps, models });
      registerBenchmarkRoutes(api, { ...routeDeps, benchmarks });
      registerEvaluationRoutes(api, {
        ...routeDeps,
        evaluations,
        progress: deps.evaluationProgress ?? createProgressPoller(deps.db, deps.logger),
      });
      registerEvaluationSpaceRoutes(api, {
        ...routeDeps,
        evaluationSpaces: createEvaluationSpaceService(deps),
      });
      registerScorerRoutes(api, { ...routeDeps, scorers: createScorerService(deps) });
      // Test events leave through the same SSRF guard as model calls, under the same setting.
      const integrationDispatcher = createGuardedDispatcher({
        rules: deps.config.allowedModelHosts,
      });
      api.addHook("onClose", () => integrationDispatcher.close());
      registerIntegrationRoutes(api, {
        ...routeDeps,
        integrations: createIntegrationService({
          ...deps,
          checkUrl: (url) => checkModelUrl(url, { rules: deps.config.allowedModelHosts }),
          dispatcher: integrationDispatcher,
          timeoutMs: deps.config.integrations?.timeoutMs ?? DEFAULT_INTEGRATION_TIMEOUT_MS,
          publicUrl: deps.config.publicUrl,
        }),
      });
      registerJudgeRoutes(api, {
        ...routeDeps,
        judges: createJudgeService({ ...deps, defaultJudgeModel: deps.config.defaultJudgeModel }),
      });
      registerTraceEvaluationRoutes(api, {
        ...routeDeps,
        traceEvaluations: createTraceEvaluationService({
          ...deps,
          defaultJudgeModel: deps.config.defaultJudgeModel,
        }),
      });
      registerAnnotationRoutes(api, {
        ...routeDeps,
        annotations: createAnnotationService({
          ...deps,
          defaultJudgeModel: deps.config.defaultJudgeModel,
        }),
      });
      registerJudgeOptimizationRoutes(api, {
        ...routeDeps,
        judgeOptimizations: createJudgeOptimizationService({
          ...deps,
          defaultJudgeModel: deps.config.defaultJudgeModel,
          optimizerModel: deps.config.optimizerModel,
        }),
      });
      const results = createResultService(deps);
      api.addHook("onClose", results.close);
      registerResultRoutes(api, { ...routeDeps, results });
      registerComparisonRoutes(api, {
        ...routeDeps,
        comparisons: createComparisonService({ ...deps, textIndex: results.textIndex }),
        matrices: createRunMatrixService(deps),
      });
      registerTraceRoutes(api, {
        ...routeDeps,
        traces: createTraceService({ ...deps, uploads, importer }),
      });
      registerProjectRoutes(api, { ...routeDeps, projects: createProjectService(deps) });
      registerPublicCatalogRoutes(api, {
        ...routeDeps,
        benchmarks,
        publicCatalog: createPublicCatalog(deps),
      });
      if (deps.blobs.driver === "local") {
        registerBlobRoutes(api, { ...routeDeps, store: deps.blobs as LocalBlobStore });
      }
    },
    { prefix: deps.config.apiPrefix },
  );

  if (ui && sessions && deps.signInLimiter) {
    const signInLimiter = deps.signInLimiter;
    registerBrowserRedirect(app, { apiPrefix: deps.config.apiPrefix });
    app.register(async (dashboard) =>
      registerDashboard(dashboard, {
        dir: ui.dir,
        sessions,
        signInLimiter,
        publicOrigin,
        apiPrefix: deps.config.apiPrefix,
        notFound,
      }),
    );
  }

  return app;
}
