import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import { type ProgressPoller, streamProgress } from "./progress-stream.ts";
import type { EvaluationService } from "./service.ts";

export function registerEvaluationRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { evaluations: EvaluationService; progress: ProgressPoller },
) {
  // Open event streams end when the server closes, or closing would wait for their clients.
  const streams = new Set<{ close(): void }>();
  api.addHook("preClose", async () => {
    for (const stream of [...streams]) stream.close();
  });

  bindRoute(api, routes.streamEvaluationEvents, deps, async ({ scope, params, reply }) => {
    await deps.evaluations.checkInProject(scope, params.evaluation_id);
    const stream = streamProgress({
      reply,
      poller: deps.progress,
      evaluationId: params.evaluation_id,
    });
    streams.add(stream);
    void stream.closed.then(() => streams.delete(stream));
    return undefined;
  });

  // Before anything under `evaluations/{id}`, though a static path wins over an id anyway.
  bindRoute(api, routes.planEvaluations, deps, async ({ scope, body }) =>
    success(await deps.evaluations.plan(scope, body)),
  );

  bindRoute(api, routes.createEvaluations, deps, async ({ scope, body, idempotencyKey }) =>
    success(await deps.evaluations.create(scope, body, idempotencyKey)),
  );

  bindRoute(api, routes.getEvaluation, deps, async ({ auth, params }) =>
    deps.evaluations.get(auth, params.evaluation_id),
  );

  bindRoute(api, routes.listEvaluations, deps, async ({ auth, query }) =>
    deps.evaluations.list(auth, query),
  );

  bindRoute(api, routes.updateEvaluation, deps, async ({ auth, params, body }) =>
    deps.evaluations.update(auth, params.evaluation_id, body),
  );

  bindRoute(api, routes.cancelEvaluation, deps, async ({ auth, params }) =>
    deps.evaluations.cancel(auth, params.evaluation_id),
  );
}
