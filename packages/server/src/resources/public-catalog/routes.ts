import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { BenchmarkService } from "../benchmarks/service.ts";
import type { PublicCatalog } from "./catalog-listing.ts";

/** The public catalog (protocol §12): bare answers, except prompts (status+data required). */
export function registerPublicCatalogRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { publicCatalog: PublicCatalog; benchmarks: BenchmarkService },
) {
  bindRoute(api, routes.listPublicModels, deps, async ({ query }) =>
    deps.publicCatalog.models(query),
  );

  bindRoute(api, routes.listPublicBenchmarks, deps, async ({ query }) =>
    deps.publicCatalog.benchmarks(query),
  );

  bindRoute(api, routes.listPublicBenchmarkPrompts, deps, async ({ params, query }) =>
    success(await deps.benchmarks.listBuiltinPrompts(params.benchmark_id, query)),
  );
}
