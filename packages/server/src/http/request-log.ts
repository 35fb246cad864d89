import { routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The protocol route a request matched (set by bindRoute), for the request log. */
    operationId?: string;
  }
}

/**
 * Routes that clients poll while they wait for a run to end (`--wait`, `waitForCompletion()`):
 * a waiting CLI asks several times a second at first, so these answers are logged at `debug`,
 * or they would drown the terminal of whoever runs `assay serve` at the default `info`.
 */
const POLLED_ROUTES: ReadonlySet<string> = new Set(
  [
    routes.getEvaluation,
    routes.getTraceEvaluation,
    // `assay judge run --wait` follows a run's trace evaluations through the judge's list.
    routes.listTraceEvaluations,
    routes.getJudgeOptimization,
  ].map((route) => route.operationId),
);

/**
 * One log line per request, when it has been answered: method, path (without the query, which
 * may hold search text), status and milliseconds. At `info`, except successful polls of a run's
 * status (`debug`): writes and every error stay visible at the default level.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onResponse", async (request, reply) => {
    const polled =
      request.method === "GET" &&
      reply.statusCode < 400 &&
      POLLED_ROUTES.has(request.routeOptions.config?.operationId ?? "");
    request.log[polled ? "debug" : "info"](
      {
        method: request.method,
        path: request.url.split("?")[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
}
