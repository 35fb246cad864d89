import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { RateLimiter } from "../platform/rate-limit/rate-limiter.ts";
import type { UiSessionService } from "../resources/ui-sessions/service.ts";
import { DASHBOARD_SECURITY_HEADERS, IMMUTABLE, NO_CACHE } from "./security-headers.ts";
import { registerSessionRoutes } from "./session-routes.ts";

export const DASHBOARD_PATH = "/ui/";

export interface DashboardOptions {
  /** The built dashboard (index.html, assets/); undefined or missing: `/ui/` says how to build it. */
  dir?: string;
  sessions: UiSessionService;
  signInLimiter: RateLimiter;
  publicOrigin: string;
  /** Written into the shell, so the app finds the API wherever ASSAY_API_PREFIX mounts it. */
  apiPrefix: string;
  notFound: (reply: FastifyReply) => FastifyReply;
}

/**
 * The dashboard under `/ui/`, from the same process and origin as the API: the files Vite built
 * (one route per file present at start, hashed ones cached for a year), the app shell for every
 * extension-less path (the app routes in the browser, so a deep link must load it), the plain 404
 * for a missing file, and the sign-in session routes. Paths outside `/ui/` are not touched.
 */
export async function registerDashboard(app: FastifyInstance, options: DashboardOptions) {
  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(DASHBOARD_SECURITY_HEADERS))
      reply.header(name, value);
    if (reply.statusCode === 200 && request.method !== "POST") {
      const hashed = request.url.startsWith(`${DASHBOARD_PATH}assets/`);
      reply.header("cache-control", hashed ? IMMUTABLE : NO_CACHE);
    }
    return payload;
  });

  registerSessionRoutes(app, options);

  // `/ui` alone: the app's relative asset URLs only resolve under `/ui/`.
  app.get("/ui", async (request, reply) => {
    const query = request.url.slice("/ui".length);
    return reply.redirect(`${DASHBOARD_PATH}${query}`, 308);
  });

  const shell = readShell(options.dir, options.apiPrefix);
  if (shell === undefined) {
    app.get("/ui/*", async (_request, reply) =>
      reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send(
          "The Assay dashboard is not built. Build it with `npm run build -w @assay/web` " +
            "(scripts/start.sh does this for you), or point ASSAY_UI_DIR at a built copy; " +
            "ASSAY_UI=false turns the dashboard off.\n",
        ),
    );
    return;
  }

  await app.register(fastifyStatic, {
    root: options.dir as string,
    prefix: DASHBOARD_PATH,
    wildcard: false,
    index: false,
    cacheControl: false,
    // Served only as the shell, below, with no-cache.
    globIgnore: ["index.html"],
  });
  app.get("/ui/*", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const last = path.slice(path.lastIndexOf("/") + 1);
    // A name with an extension is a file: one we do not have is a 404, never the shell (a
    // missing script answered with HTML fails in confusing ways).
    if (last.includes(".")) return options.notFound(reply);
    return reply.type("text/html; charset=utf-8").send(shell);
  });
}

function readShell(dir: string | undefined, apiPrefix: string): string | undefined {
  if (!dir) return undefined;
  const file = join(dir, "index.html");
  if (!existsSync(file)) return undefined;
  return readFileSync(file, "utf8").replace(
    /<meta name="assay-api-prefix" content="[^"]*"/,
    `<meta name="assay-api-prefix" content="${apiPrefix}"`,
  );
}
