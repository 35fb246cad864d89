import type { ErrorBody } from "@assay/protocol";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app.ts";
import { createCatalog } from "../src/catalog/catalog.ts";
import { createS3BlobStore } from "../src/platform/blobs/s3/s3-blob-store.ts";
import { systemClock } from "../src/platform/clock.ts";
import { createSecretBox } from "../src/platform/crypto/secret-box.ts";
import type { DatabaseSchema } from "../src/platform/db/schema.ts";
import { createEmbeddedQueue } from "../src/platform/queue/embedded/embedded-queue.ts";

// A database nobody listens on: every query fails to connect, as during a database restart.
const pool = new pg.Pool({ host: "127.0.0.1", port: 1, connectionTimeoutMillis: 500 });
pool.on("error", () => {});
const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
const logger = pino({ level: "silent" });
const app = createApp({
  config: {
    apiPrefix: "/api/v1",
    bodyLimitBytes: 1024 * 1024,
    uploadUrlTtlSeconds: 900,
    rateLimit: { enabled: false, perSecond: 1, burst: 1 },
    allowedModelHosts: [],
    dataDir: "/nonexistent",
    evaluations: { concurrency: 4, chunkSize: 100, maxDurationSeconds: 60, cache: true },
  },
  db,
  catalog: createCatalog(new Map()),
  secrets: createSecretBox(Buffer.alloc(32)),
  blobs: createS3BlobStore({
    bucket: "unused",
    region: "us-east-1",
    forcePathStyle: true,
    prefix: "",
  }),
  queue: createEmbeddedQueue({
    db,
    dialect: "postgres",
    clock: systemClock,
    logger,
    leaseSeconds: 60,
    pollIntervalMs: 1000,
  }),
  clock: systemClock,
  logger,
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

describe("an unreachable database", () => {
  it("answers 503 with a numeric Retry-After, not a 500 or a hang", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/v1/organizations",
      headers: { "x-api-key": "assay_x" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(JSON.parse(res.body) as ErrorBody).toEqual({
      error: {
        message: "a storage dependency is unavailable, retry shortly",
        code: "SERVICE_UNAVAILABLE",
      },
    });
  });

  it("makes /health answer 503 too", async () => {
    const res = await app.inject({ method: "GET", url: "/api/v1/health" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
  });
});
