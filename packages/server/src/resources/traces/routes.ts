import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { TraceService } from "./service.ts";

/** Protocol §9. `traces/sources` is a static route, so the router tries it before `traces/{id}`. */
export function registerTraceRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { traces: TraceService },
) {
  bindRoute(api, routes.createTraces, deps, async ({ scope, body }) =>
    success({ trace_ids: await deps.traces.create(scope, body) }),
  );

  bindRoute(api, routes.listTraces, deps, async ({ scope, query }) => {
    const { traces, total } = await deps.traces.list(scope, query);
    return success({ traces, count: traces.length, total_count: total });
  });

  bindRoute(api, routes.listTraceSources, deps, async ({ scope }) =>
    success({ sources: await deps.traces.sources(scope) }),
  );

  bindRoute(api, routes.getTrace, deps, async ({ scope, params }) =>
    success(await deps.traces.get(scope, params.trace_id)),
  );

  bindRoute(api, routes.deleteTrace, deps, async ({ scope, params }) => {
    await deps.traces.delete(scope, params.trace_id);
    return success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      id: params.trace_id,
    });
  });
}
