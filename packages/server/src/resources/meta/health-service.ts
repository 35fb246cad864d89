import { AppError } from "../../app-error.ts";
import { SERVICE_VERSION } from "../../config.ts";
import { type Database, pingDatabase } from "../../platform/db/database.ts";

/** `GET /health`: the service answers, and so does its database. */
export function createHealthService(deps: { db: Database }) {
  return {
    /** 503 with Retry-After when the database does not answer. */
    async check() {
      try {
        await pingDatabase(deps.db);
      } catch (cause) {
        throw new AppError("SERVICE_UNAVAILABLE", "database unavailable", {
          retryAfterSeconds: 5,
          cause,
        });
      }
      return { status: "ok" as const, database: "ok" as const, version: SERVICE_VERSION };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
