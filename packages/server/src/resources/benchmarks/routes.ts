import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { BenchmarkService } from "./service.ts";

export function registerBenchmarkRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { benchmarks: BenchmarkService },
) {
  bindRoute(api, routes.listBenchmarks, deps, async ({ scope, query }) =>
    success({ datasets: await deps.benchmarks.list(scope, query) }),
  );

  bindRoute(api, routes.getBenchmark, deps, async ({ scope, params }) =>
    success(await deps.benchmarks.get(scope, params.benchmark_id)),
  );

  bindRoute(api, routes.listBenchmarkPrompts, deps, async ({ scope, params, query }) =>
    success(await deps.benchmarks.listPrompts(scope, params.benchmark_id, query)),
  );

  bindRoute(api, routes.listBenchmarkSubsets, deps, async ({ scope, params }) =>
    success({ subsets: await deps.benchmarks.listSubsets(scope, params.benchmark_id) }),
  );

  bindRoute(api, routes.createCustomBenchmark, deps, async ({ scope, body }) =>
    success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      benchmark_id: await deps.benchmarks.createCustom(scope, body),
    }),
  );

  bindRoute(api, routes.createSmartBenchmark, deps, async ({ scope, body }) =>
    success({
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      benchmark_id: await deps.benchmarks.createSmart(scope, body),
    }),
  );
}
