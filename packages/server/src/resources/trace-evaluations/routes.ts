import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { TraceEvaluationService } from "./service.ts";

/** Literal paths (`…/estimate`, `…/bulk`) are bound before `…/{id}`; Fastify prefers them anyway. */
export function registerTraceEvaluationRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { traceEvaluations: TraceEvaluationService },
) {
  const service = deps.traceEvaluations;

  bindRoute(api, routes.createTraceEvaluation, deps, async ({ scope, body }) =>
    success(await service.create(scope, body)),
  );

  bindRoute(api, routes.bulkCreateTraceEvaluations, deps, async ({ scope, body }) =>
    success({ trace_evaluations: await service.bulkCreate(scope, body) }),
  );

  bindRoute(api, routes.estimateTraceEvaluationCost, deps, async ({ scope, body }) =>
    success(await service.estimate(scope, body)),
  );

  bindRoute(api, routes.listTraceEvaluations, deps, async ({ scope, query }) =>
    success(await service.list(scope, query)),
  );

  bindRoute(api, routes.getTraceEvaluation, deps, async ({ scope, params }) =>
    success(await service.get(scope, params.trace_evaluation_id)),
  );

  bindRoute(api, routes.getTraceEvaluationResult, deps, async ({ scope, params }) =>
    success(await service.result(scope, params.trace_evaluation_id)),
  );
}
