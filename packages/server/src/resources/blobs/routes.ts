import { routes, success } from "@assay/protocol";
import type { FastifyInstance } from "fastify";
import { bindRoute, type RouteDeps } from "../../http/bind-route.ts";
import type { LocalBlobStore } from "../../platform/blobs/local/local-blob-store.ts";

/**
 * The target of the local driver's presigned URLs. Authorized by the URL's signature, not an API
 * key. The body is streamed to storage as it arrives, never buffered: its own content-type parser
 * hands the raw request through untouched.
 */
export function registerBlobRoutes(
  api: FastifyInstance,
  deps: RouteDeps & { store: LocalBlobStore },
) {
  api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

    bindRoute(scope, routes.putBlob, deps, async ({ params, request, reply }) => {
      const length = request.headers["content-length"];
      try {
        const { size } = await deps.store.receiveUpload({
          token: params.token,
          contentType: request.headers["content-type"],
          contentLength: length === undefined ? undefined : Number(length),
          body: request.raw,
        });
        return success({ size });
      } catch (error) {
        // The rest of the body was never read: end the connection rather than parse it as a request.
        reply.header("connection", "close");
        throw error;
      }
    });
  });
}
