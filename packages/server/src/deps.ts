import { type DestinationStream, type Logger, pino } from "pino";
import { type Catalog, createCatalog } from "./catalog/catalog.ts";
import { catalogEntries } from "./catalog/catalog-entries.ts";
import type { Config } from "./config.ts";
import { JOB_NAMES, JOB_SCHEDULES } from "./jobs/index.ts";
import type { BlobStore } from "./platform/blobs/blob-store.ts";
import { createBlobStore } from "./platform/blobs/create-blob-store.ts";
import { type Clock, systemClock } from "./platform/clock.ts";
import { loadOrCreateMasterKey, masterKeyFingerprint } from "./platform/crypto/master-key.ts";
import { createSecretBox, type SecretBox } from "./platform/crypto/secret-box.ts";
import {
  type Database,
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from "./platform/db/database.ts";
import { createInstanceSettingsRepository } from "./platform/db/instance-settings-repository.ts";
import type { CopyRows } from "./platform/db/postgres-copy.ts";
import { createEmbeddedQueue } from "./platform/queue/embedded/embedded-queue.ts";
import type { JobQueue } from "./platform/queue/job-queue.ts";
import { failOpen } from "./platform/rate-limit/fail-open.ts";
import { createMemoryRateLimiter } from "./platform/rate-limit/memory-rate-limiter.ts";
import { createPostgresRateLimiter } from "./platform/rate-limit/postgres-rate-limiter.ts";
import type { RateLimiter, RateLimitPolicy } from "./platform/rate-limit/rate-limiter.ts";
import { readableDestination } from "./platform/readable-log.ts";
import { createProgressPoller } from "./resources/evaluations/progress-poller.ts";
import type { ProgressPoller } from "./resources/evaluations/progress-stream.ts";
import type { Importer } from "./resources/imports/importer.ts";
import { createInlineImporter } from "./resources/imports/importer.ts";
import { createThreadedImporter } from "./resources/imports/threaded-importer.ts";
import { syncCatalog } from "./resources/projects/sync-catalog.ts";

/** The platform a process runs on: database, blob storage, job queue, rate limiter, keys. */
export interface ServiceDeps {
  config: Config;
  logger: Logger;
  clock: Clock;
  database: DatabaseHandle;
  db: Database;
  /** PostgreSQL only: bulk loads stream through COPY. */
  copyRows?: CopyRows;
  masterKey: Buffer;
  /** Seals provider keys at rest. */
  secrets: SecretBox;
  catalog: Catalog;
  blobs: BlobStore;
  queue: JobQueue;
  rateLimiter?: RateLimiter;
  /** Failed dashboard sign-ins per client address: always on, as it guards against key guessing. */
  signInLimiter: RateLimiter;
  authFailureLimiter: RateLimiter;
  /** Reads watched evaluations' progress once a second for all their event streams. */
  evaluationProgress: ProgressPoller;
  /** Uploaded files into rows, on import threads. */
  importer: Importer;
  close(): Promise<void>;
}

/**
 * The service's logger: JSON lines, or readable lines (platform/readable-log.ts) when `out` is a
 * terminal and LOG_FORMAT does not ask for JSON, or when it asks for `pretty`.
 */
export function createLogger(
  config: Pick<Config, "logLevel" | "logFormat">,
  out: { isTTY?: boolean; write(text: string): unknown } = process.stdout,
): Logger {
  const format = config.logFormat ?? "auto";
  const readable = format === "pretty" || (format === "auto" && out.isTTY === true);
  // pino's own fast stdout writer unless the output is another stream (tests).
  const destination = readable
    ? readableDestination(out)
    : out === process.stdout
      ? undefined
      : (out as DestinationStream);
  return pino(
    {
      level: config.logLevel,
      // Keys, session cookies and provider secrets must never reach a log line, whatever is logged.
      redact: [
        "req.headers.authorization",
        'req.headers["x-api-key"]',
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.api_key",
        "*.apiKey",
      ],
    },
    destination,
  );
}

/**
 * Opens everything a process needs, in order, and fails fast with a clear message when something
 * is wrong: master key, database (migrated to the latest version), blob store (the S3 driver only
 * loaded when configured), job queue (embedded on SQLite, pg-boss on PostgreSQL), rate limiter.
 */
export async function createDeps(
  config: Config,
  options: { logger?: Logger; clock?: Clock } = {},
): Promise<ServiceDeps> {
  const logger = options.logger ?? createLogger(config);
  const clock = options.clock ?? systemClock;
  const masterKey = loadOrCreateMasterKey(config.masterKey, config.dataDir);
  const catalog = createCatalog(config.providers);
  const database = openDatabase(config.database);
  const { db } = database;
  try {
    await migrateToLatest(database);
    await checkMasterKey(db, masterKey);
    await syncCatalog(db, catalogEntries(catalog), clock.now().toISOString());
    const blobs = await createBlobStore(config, masterKey, clock);
    const queue: JobQueue =
      config.database.dialect === "postgres"
        ? await import("./platform/queue/pg-boss/pg-boss-queue.ts").then((m) =>
            m.createPgBossQueue({
              connectionString: (config.database as { url: string }).url,
              logger,
              jobNames: JOB_NAMES,
              scheduledJobNames: Object.keys(JOB_SCHEDULES),
              leaseSeconds: config.worker.leaseSeconds,
              pollIntervalMs: config.worker.pollIntervalMs,
              // Look for dead workers' jobs twice per lease (at most every 30 s).
              monitorIntervalSeconds: Math.min(
                30,
                Math.max(1, Math.ceil(config.worker.leaseSeconds / 2)),
              ),
            }),
          )
        : createEmbeddedQueue({
            db,
            dialect: config.database.dialect,
            clock,
            logger,
            leaseSeconds: config.worker.leaseSeconds,
            pollIntervalMs: config.worker.pollIntervalMs,
          });
    const rateLimiter = createRateLimiter(config, db, clock, logger);
    // Per client address, shared by every API process on PostgreSQL.
    const addressLimiter = (policy: RateLimitPolicy) =>
      failOpen(
        config.database.dialect === "postgres"
          ? createPostgresRateLimiter(policy, db)
          : createMemoryRateLimiter(policy, clock),
        logger,
      );
    const signInLimiter = addressLimiter(SIGN_IN_POLICY);
    const authFailureLimiter = addressLimiter(AUTH_FAILURE_POLICY);
    const importer = createThreadedImporter({
      database: config.database,
      blobs: { blobs: config.blobs, publicUrl: config.publicUrl, apiPrefix: config.apiPrefix },
      masterKey,
      ...config.imports,
      inline: createInlineImporter({ db, copyRows: database.copyRows, blobs }),
    });
    return {
      config,
      logger,
      clock,
      database,
      db,
      copyRows: database.copyRows,
      masterKey,
      secrets: createSecretBox(masterKey),
      catalog,
      blobs,
      queue,
      rateLimiter,
      signInLimiter,
      authFailureLimiter,
      evaluationProgress: createProgressPoller(db, logger),
      importer,
      async close() {
        await importer.close();
        await queue.stop();
        await blobs.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Ten failed sign-ins at once, then one every six seconds per client address (ASSAY_TRUST_PROXY
 * says who the client is behind a load balancer): plenty for typos, slow for guessing. Successful
 * sign-ins take nothing.
 */
const SIGN_IN_POLICY = { burst: 10, perSecond: 1 / 6 };
/**
 * Twenty failed authentications at once, then one every three seconds per address: a client with
 * a mistyped key sees its 401s, a key guesser gets 429s (keys are 256 random bits anyway).
 */
const AUTH_FAILURE_POLICY = { burst: 20, perSecond: 1 / 3 };

function createRateLimiter(
  config: Config,
  db: Database,
  clock: Clock,
  logger: Logger,
): RateLimiter | undefined {
  if (!config.rateLimit.enabled) return undefined;
  const limiter =
    config.database.dialect === "postgres"
      ? createPostgresRateLimiter(config.rateLimit, db)
      : createMemoryRateLimiter(config.rateLimit, clock);
  return failOpen(limiter, logger);
}

/** Refuses to start with a master key other than the one the database was set up with. */
async function checkMasterKey(db: Database, masterKey: Buffer): Promise<void> {
  const fingerprint = masterKeyFingerprint(masterKey);
  const settings = createInstanceSettingsRepository(db);
  await settings.setOnce("master_key_fingerprint", fingerprint);
  if ((await settings.get("master_key_fingerprint")) !== fingerprint) {
    throw new Error(
      "the master key differs from the one this database was set up with: set ASSAY_MASTER_KEY to that key " +
        "(every process sharing the database needs the same key)",
    );
  }
}
