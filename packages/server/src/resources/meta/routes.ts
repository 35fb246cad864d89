import { buildOpenApiDocument, PROTOCOL_VERSION, routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { HealthService } from "./health-service.ts";

/** The OpenAPI document (built once, from the protocol's route table) and the health check. */
export function registerMetaRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { health: HealthService; apiPrefix: string },
) {
  const document = buildOpenApiDocument({
    routes: Object.values(routes),
    version: PROTOCOL_VERSION,
    prefix: deps.apiPrefix,
  });

  bindRoute(api, routes.openapi, deps, async () => document);

  bindRoute(api, routes.health, deps, async () => deps.health.check());
}
