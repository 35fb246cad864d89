import { routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { ResultService } from "./service.ts";

/** `GET /results`: one evaluation's results (comparisons/routes.ts serves the paired views). */
export function registerResultRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { results: ResultService },
) {
  bindRoute(api, routes.listResults, deps, async ({ auth, query }) =>
    deps.results.list(auth, query),
  );
}
