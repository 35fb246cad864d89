import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { UploadService } from "./service.ts";

export function registerUploadRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { uploads: UploadService },
) {
  bindRoute(api, routes.createBenchmarkUpload, deps, async ({ scope, body }) =>
    success(
      await deps.uploads.createUploadUrl(scope, {
        purpose: "benchmark",
        filename: body.filename,
        contentType: body.type,
        size: body.size,
        key: body.key,
      }),
    ),
  );

  bindRoute(api, routes.createTraceUpload, deps, async ({ scope, body }) =>
    success(
      await deps.uploads.createUploadUrl(scope, {
        purpose: "trace",
        filename: body.filename,
        contentType: body.type,
        size: body.size,
      }),
    ),
  );
}
