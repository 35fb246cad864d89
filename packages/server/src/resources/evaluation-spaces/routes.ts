import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { EvaluationSpaceService } from "./service.ts";

export function registerEvaluationSpaceRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { evaluationSpaces: EvaluationSpaceService },
) {
  const spaces = deps.evaluationSpaces;

  bindRoute(api, routes.createEvaluationSpace, deps, async ({ scope, auth, body }) =>
    success(await spaces.create(scope, auth, body)),
  );

  bindRoute(api, routes.getEvaluationSpace, deps, async ({ scope, params }) =>
    success(await spaces.get(scope, params.evaluation_space_id)),
  );

  bindRoute(api, routes.listEvaluationSpaces, deps, async ({ scope, query }) =>
    success(await spaces.list(scope, query)),
  );

  bindRoute(api, routes.updateEvaluationSpace, deps, async ({ scope, params, body }) =>
    success(await spaces.update(scope, params.evaluation_space_id, body)),
  );

  bindRoute(api, routes.deleteEvaluationSpace, deps, async ({ scope, params }) =>
    success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      id: await spaces.delete(scope, params.evaluation_space_id),
    }),
  );

  bindRoute(api, routes.listEvaluationSpaceEvaluations, deps, async ({ scope, params }) => {
    const { id, evaluations, runs } = await spaces.evaluations(scope, params.evaluation_space_id);
    return success({
      evaluation_space_id: id,
      evaluations,
      count: evaluations.length,
      runs,
    });
  });
}
