import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { EvaluationService } from "./service.ts";

export function registerEvaluationRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { evaluations: EvaluationService },
) {
  bindRoute(api, routes.createEvaluations, deps, async ({ scope, body }) =>
    success(await deps.evaluations.create(scope, body)),
  );

  bindRoute(api, routes.getEvaluation, deps, async ({ auth, params }) =>
    deps.evaluations.get(auth, params.evaluation_id),
  );

  bindRoute(api, routes.listEvaluations, deps, async ({ auth, query }) =>
    deps.evaluations.list(auth, query),
  );

  bindRoute(api, routes.updateEvaluation, deps, async ({ auth, params, body }) =>
    deps.evaluations.update(auth, params.evaluation_id, body),
  );

  bindRoute(api, routes.cancelEvaluation, deps, async ({ auth, params }) =>
    deps.evaluations.cancel(auth, params.evaluation_id),
  );
}
