import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { IntegrationService } from "./service.ts";

/** `/organizations/{org}/integrations…`: organization-scoped, so the org is checked in the service. */
export function registerIntegrationRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { integrations: IntegrationService },
) {
  const integrations = deps.integrations;

  bindRoute(api, routes.listIntegrations, deps, async ({ auth, params, query }) =>
    success(await integrations.list(auth, params.organization_id, query)),
  );

  bindRoute(api, routes.getIntegration, deps, async ({ auth, params }) =>
    success(await integrations.get(auth, params.organization_id, params.integration_id)),
  );

  bindRoute(api, routes.testIntegration, deps, async ({ auth, params }) =>
    success(await integrations.test(auth, params.organization_id, params.integration_id)),
  );

  bindRoute(api, routes.createIntegration, deps, async ({ auth, params, body }) =>
    success(await integrations.create(auth, params.organization_id, body)),
  );

  bindRoute(api, routes.updateIntegration, deps, async ({ auth, params, body }) =>
    success(await integrations.update(auth, params.organization_id, params.integration_id, body)),
  );

  bindRoute(api, routes.deleteIntegration, deps, async ({ auth, params }) => {
    await integrations.delete(auth, params.organization_id, params.integration_id);
    return success({ organization_id: params.organization_id, id: params.integration_id });
  });

  bindRoute(api, routes.listIntegrationDeliveries, deps, async ({ auth, params, query }) =>
    success(
      await integrations.deliveries(auth, params.organization_id, params.integration_id, query),
    ),
  );
}
