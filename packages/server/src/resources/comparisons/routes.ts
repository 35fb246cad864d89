import { routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { ComparisonService } from "./comparison-service.ts";
import type { RunMatrixService } from "./run-matrix-service.ts";

/** `GET /results/comparison` (two runs), `GET /results/matrix` and `GET /results/answer` (2 to 10). */
export function registerComparisonRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { comparisons: ComparisonService; matrices: RunMatrixService },
) {
  bindRoute(api, routes.compareResults, deps, async ({ auth, query }) =>
    deps.comparisons.compare(auth, query),
  );

  bindRoute(api, routes.runMatrix, deps, async ({ auth, query }) =>
    deps.matrices.matrix(auth, query),
  );

  bindRoute(api, routes.promptAnswer, deps, async ({ auth, query }) =>
    deps.matrices.answer(auth, query),
  );
}
