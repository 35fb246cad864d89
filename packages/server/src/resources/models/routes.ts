import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { ModelService } from "./service.ts";

export function registerModelRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { models: ModelService },
) {
  bindRoute(api, routes.listModels, deps, async ({ scope, query }) =>
    success({ models: await deps.models.list(scope, query) }),
  );

  bindRoute(api, routes.getModel, deps, async ({ scope, params }) =>
    success(await deps.models.get(scope, params.model_id)),
  );

  bindRoute(api, routes.createCustomModel, deps, async ({ scope, body }) =>
    success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      model_id: await deps.models.createCustom(scope, body),
    }),
  );

  bindRoute(api, routes.updateCustomModel, deps, async ({ scope, params, body }) => {
    await deps.models.updateCustom(scope, params.model_id, body);
    return success({ id: params.model_id });
  });

  bindRoute(api, routes.deleteCustomModel, deps, async ({ scope, params }) => {
    await deps.models.deleteCustom(scope, params.model_id);
    return success({ id: params.model_id });
  });
}
