import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";

export function registerOrganizationRoutes(api: FastifyInstance, deps: RouteDeps) {
  bindRoute(api, routes.getOrganization, deps, async ({ auth }) =>
    success(await deps.organizations.getForKey(auth)),
  );
}
