import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { ScorerService } from "./service.ts";

/** `P/scorers` (protocol §13.1): every answer in the status+data envelope. */
export function registerScorerRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { scorers: ScorerService },
) {
  const { scorers } = deps;

  bindRoute(api, routes.createScorer, deps, async ({ scope, body }) =>
    success(await scorers.create(scope, body)),
  );

  bindRoute(api, routes.getScorer, deps, async ({ scope, params }) =>
    success(await scorers.get(scope, params.scorer_id)),
  );

  bindRoute(api, routes.listScorers, deps, async ({ scope, query }) =>
    success(await scorers.list(scope, query)),
  );

  bindRoute(api, routes.updateScorer, deps, async ({ scope, params, body }) =>
    success(await scorers.update(scope, params.scorer_id, body)),
  );

  bindRoute(api, routes.deleteScorer, deps, async ({ scope, params }) => {
    await scorers.delete(scope, params.scorer_id);
    return success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      id: params.scorer_id,
    });
  });
}
