import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { JudgeOptimizationService } from "./service.ts";

/** `…/judge-optimizations/estimate` is bound before `…/{id}`; Fastify prefers literals anyway. */
export function registerJudgeOptimizationRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { judgeOptimizations: JudgeOptimizationService },
) {
  const service = deps.judgeOptimizations;

  bindRoute(api, routes.estimateJudgeOptimization, deps, async ({ scope, body }) =>
    success(await service.estimate(scope, body)),
  );

  bindRoute(api, routes.createJudgeOptimization, deps, async ({ scope, auth, body }) =>
    success(await service.create(scope, auth, body)),
  );

  bindRoute(api, routes.listJudgeOptimizations, deps, async ({ scope, query }) =>
    success(await service.list(scope, query)),
  );

  bindRoute(api, routes.getJudgeOptimization, deps, async ({ scope, params }) =>
    success(await service.get(scope, params.optimization_id)),
  );

  bindRoute(api, routes.applyJudgeOptimization, deps, async ({ scope, auth, params }) =>
    success(await service.apply(scope, auth, params.optimization_id)),
  );
}
