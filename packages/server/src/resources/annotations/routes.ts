import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { AnnotationService } from "./service.ts";

/**
 * Extension routes: labels through a trace evaluation, a bulk import, a judge's labels and its
 * annotation queue.
 */
export function registerAnnotationRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { annotations: AnnotationService },
) {
  const service = deps.annotations;

  bindRoute(api, routes.putAnnotation, deps, async ({ scope, auth, params, body }) =>
    success(await service.put(scope, auth, params.trace_evaluation_id, body)),
  );

  bindRoute(api, routes.getAnnotation, deps, async ({ scope, params }) =>
    success(await service.get(scope, params.trace_evaluation_id)),
  );

  bindRoute(api, routes.deleteAnnotation, deps, async ({ scope, params }) =>
    success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      id: await service.delete(scope, params.trace_evaluation_id),
    }),
  );

  bindRoute(api, routes.importAnnotations, deps, async ({ scope, auth, body }) =>
    success(await service.import(scope, auth, body)),
  );

  bindRoute(api, routes.listJudgeAnnotations, deps, async ({ scope, params, query }) =>
    success(await service.listForJudge(scope, params.judge_id, query)),
  );

  bindRoute(api, routes.annotationQueue, deps, async ({ scope, params, query }) =>
    success(await service.queue(scope, params.judge_id, query)),
  );
}
