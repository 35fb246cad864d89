import { routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { ProjectService } from "./service.ts";

export function registerProjectRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { projects: ProjectService },
) {
  // The original SDK checks `id` inside `data` for models and at the top for benchmarks.
  bindRoute(api, routes.updateProject, deps, async ({ scope, body }) => {
    const project = await deps.projects.updateAttachments(scope, body);
    return { status: "success" as const, id: project.id, data: project };
  });
}
