import { routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../app-error.ts";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { Database } from "../../platform/db/database.ts";
import { createEvaluationRepository } from "../evaluations/repository.ts";
import { createComparisonService } from "./comparison-service.ts";
import { createResultRepository } from "./repository.ts";

/**
 * `GET /results` and `GET /results/comparison`: authorized by the key's organization, as the
 * evaluation is (its own evaluations and public ones). Results written so far are served while the
 * run goes on (the original SDK only asks once it is `success`).
 */
export function registerResultRoutes(api: FastifyInstance, deps: RouteDeps & { db: Database }) {
  const evaluations = createEvaluationRepository(deps.db);
  const results = createResultRepository(deps.db);
  const comparisons = createComparisonService(deps);

  bindRoute(api, routes.compareResults, deps, async ({ auth, query }) =>
    comparisons.compare(auth, query),
  );

  bindRoute(api, routes.listResults, deps, async ({ auth, query }) => {
    const evaluation = await evaluations.findReadable(auth.organizationId, query.evaluation_id);
    if (!evaluation) throw notFound("evaluation");
    const page = await results.page(evaluation.id, query);
    return {
      evaluation_id: evaluation.id,
      results: page.results,
      metrics: { total_count: page.total },
    };
  });
}
