import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { JudgeService } from "./service.ts";

export function registerJudgeRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { judges: JudgeService },
) {
  bindRoute(api, routes.createJudge, deps, async ({ scope, auth, body }) =>
    success({ id: await deps.judges.create(scope, auth, body) }),
  );

  bindRoute(api, routes.getJudge, deps, async ({ scope, params }) =>
    success(await deps.judges.get(scope, params.judge_id)),
  );

  bindRoute(api, routes.listJudges, deps, async ({ scope, query }) =>
    success(await deps.judges.list(scope, query)),
  );

  bindRoute(api, routes.updateJudge, deps, async ({ scope, auth, params, body }) =>
    success(await deps.judges.update(scope, auth, params.judge_id, body)),
  );

  bindRoute(api, routes.deleteJudge, deps, async ({ scope, params }) => {
    await deps.judges.delete(scope, params.judge_id);
    return success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      id: params.judge_id,
    });
  });
}
