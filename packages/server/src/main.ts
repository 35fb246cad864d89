import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { type BootstrapResult, bootstrapTenancy } from "./admin/bootstrap.ts";
import { type CatalogAdmin, createCatalogAdmin } from "./admin/catalog.ts";
import { createKeyAdmin, type KeyAdmin } from "./admin/keys.ts";
import { createApp } from "./app.ts";
import { catalogEntries } from "./catalog/catalog-entries.ts";
import type { Config } from "./config.ts";
import { createDeps, type ServiceDeps } from "./deps.ts";
import { createConcurrencyLimits } from "./engine/gateway/endpoint-limiter/concurrency-limits.ts";
import { createGateway } from "./engine/gateway/gateway.ts";
import { createExhaustedHandlers, createJobHandlers, JOB_SCHEDULES } from "./jobs/index.ts";
import type { Clock } from "./platform/clock.ts";
import { createDatabaseCoordinator } from "./platform/concurrency-coordinator/database-coordinator.ts";
import { boundRegExpBacktracking } from "./platform/regexp-backtracking.ts";
import { createGuardedDispatcher } from "./platform/ssrf/guarded-dispatcher.ts";
import { startDeliveryWorker } from "./resources/integrations/delivery-worker.ts";

export interface RunningService {
  /** Where the API answers, e.g. `http://127.0.0.1:8080/api/v1`. */
  apiUrl: string;
  deps: ServiceDeps;
  bootstrap: BootstrapResult;
  workers: boolean;
  close(): Promise<void>;
}

interface StartOptions {
  logger?: Logger;
  clock?: Clock;
}

/**
 * `assay serve`: the HTTP API and, unless disabled, in-process workers. The composition root:
 * loadConfig (by the caller) → createDeps → bootstrap → createApp → listen → workers.
 */
export async function startService(
  config: Config,
  options: StartOptions & { workers: boolean; validateResponses?: boolean },
): Promise<RunningService> {
  boundRegExpBacktracking();
  const deps = await createDeps(config, options);
  try {
    const bootstrap = await bootstrapTenancy({
      ...deps,
      catalog: catalogEntries(deps.catalog),
      dataDir: config.dataDir,
      bootstrapApiKey: config.bootstrapApiKey,
    });
    const app = createApp({ ...deps, validateResponses: options.validateResponses });
    await app.listen({ host: config.host, port: config.port });
    const { port } = app.server.address() as AddressInfo;
    const host = config.host.includes(":") ? `[${config.host}]` : config.host;
    const stopJobs = options.workers ? await startJobs(deps) : undefined;
    return {
      apiUrl: `http://${host}:${port}${config.apiPrefix}`,
      deps,
      bootstrap,
      workers: options.workers,
      async close() {
        // Both at once: the workers stop taking jobs at the signal, even while the HTTP close
        // gives requests in flight their grace (their jobs are enqueued in their transactions).
        await Promise.all([app.close(), stopJobs?.()]);
        await deps.close();
      },
    };
  } catch (error) {
    await deps.close();
    throw error;
  }
}

/** `assay worker`: background jobs only, no HTTP. */
export async function startWorker(config: Config, options: StartOptions = {}) {
  boundRegExpBacktracking();
  const deps = await createDeps(config, options);
  let stopJobs: () => Promise<void>;
  try {
    stopJobs = await startJobs(deps);
  } catch (error) {
    await deps.close();
    throw error;
  }
  return {
    deps,
    async close() {
      await stopJobs();
      await deps.close();
    },
  };
}

/**
 * Workers of this process: one model gateway for all their jobs, whose per-endpoint limits are
 * shared with every other worker process through the database. Returns what to close on stop.
 */
async function startJobs(deps: ServiceDeps): Promise<() => Promise<void>> {
  const limits = createConcurrencyLimits({
    coordinator: createDatabaseCoordinator({ db: deps.db, clock: deps.clock }),
    onError: (err) => deps.logger.warn({ err }, "concurrency sync failed"),
  });
  const gateway = createGateway({
    allowedHosts: deps.config.allowedModelHosts,
    requestTimeoutMs: deps.config.modelCalls.timeoutMs,
    maxAttempts: deps.config.modelCalls.maxAttempts,
    limiter: limits,
  });
  for (const [name, minutes] of Object.entries(JOB_SCHEDULES))
    await deps.queue.schedule(name, minutes);
  await deps.queue.startWorkers(createJobHandlers({ ...deps, gateway }), {
    concurrency: deps.config.worker.concurrency,
    onExhausted: createExhaustedHandlers(deps),
  });
  // The integrations' outbox: its deliveries leave through the model calls' SSRF guard.
  const integrationDispatcher = createGuardedDispatcher({
    rules: deps.config.allowedModelHosts,
  });
  const deliveries = startDeliveryWorker({
    ...deps,
    publicUrl: deps.config.publicUrl,
    dispatcher: integrationDispatcher,
    timeoutMs: deps.config.integrations.timeoutMs,
    pollIntervalMs: deps.config.worker.pollIntervalMs,
  });
  return async () => {
    await deliveries.stop();
    await integrationDispatcher.close();
    await deps.queue.stop();
    await limits.close();
    await gateway.close();
  };
}

/** Admin commands (`assay keys …`, `assay catalog …`) on the configured database, no HTTP, no workers. */
export async function openAdmin(
  config: Config,
  options: StartOptions = {},
): Promise<{ keys: KeyAdmin; catalog: CatalogAdmin; close(): Promise<void> }> {
  const deps = await createDeps(config, options);
  return {
    keys: createKeyAdmin({ ...deps, catalog: catalogEntries(deps.catalog) }),
    catalog: createCatalogAdmin({
      ...deps,
      dataDir: config.dataDir,
      datasetMirrorUrl: config.datasetMirrorUrl,
      allowedHosts: config.allowedModelHosts,
    }),
    close: () => deps.close(),
  };
}
