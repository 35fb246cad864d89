import { buildOpenApiDocument, PROTOCOL_VERSION, routes } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../app-error.ts";
import { SERVICE_VERSION } from "../../config.ts";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import { type Database, pingDatabase } from "../../platform/db/database.ts";

export function registerMetaRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { db: Database; apiPrefix: string },
) {
  const document = buildOpenApiDocument({
    routes: Object.values(routes),
    version: PROTOCOL_VERSION,
    prefix: deps.apiPrefix,
  });

  bindRoute(api, routes.openapi, deps, async () => document);

  bindRoute(api, routes.health, deps, async () => {
    try {
      await pingDatabase(deps.db);
    } catch (cause) {
      throw new AppError("SERVICE_UNAVAILABLE", "database unavailable", {
        retryAfterSeconds: 5,
        cause,
      });
    }
    return { status: "ok" as const, database: "ok" as const, version: SERVICE_VERSION };
  });
}
