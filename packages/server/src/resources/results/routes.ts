import { routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { ResultService } from "./service.ts";

/** `GET /results`, `GET /results/comparison`, `GET /results/matrix` and `GET /results/answer`. */
export function registerResultRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { results: ResultService },
) {
  bindRoute(api, routes.compareResults, deps, async ({ auth, query }) =>
    deps.results.compare(auth, query),
  );

  bindRoute(api, routes.runMatrix, deps, async ({ auth, query }) =>
    deps.results.matrix(auth, query),
  );

  bindRoute(api, routes.promptAnswer, deps, async ({ auth, query }) =>
    deps.results.answer(auth, query),
  );

  bindRoute(api, routes.listResults, deps, async ({ auth, query }) =>
    deps.results.list(auth, query),
  );
}
