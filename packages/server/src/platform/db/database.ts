import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations/index.ts";
import type { DatabaseSchema } from "./schema.ts";
import { openNodeSqlite } from "./sqlite/node-sqlite-database.ts";

export type Database = Kysely<DatabaseSchema>;

export type DatabaseConfig =
  | { dialect: "sqlite"; path: string }
  | { dialect: "postgres"; url: string; poolSize: number };

export interface DatabaseHandle {
  db: Database;
  dialect: DatabaseConfig["dialect"];
  /** The PostgreSQL pool when on PostgreSQL (shared with pg-boss and the rate limiter). */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings (they may exceed 2^53); our counts and sizes
// never do, and both dialects must hand repositories the same JavaScript types.
const pgTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number.parseInt(v, 10);
    if (oid === pg.types.builtins.NUMERIC) return (v: string) => Number.parseFloat(v);
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.dialect === "sqlite") {
    if (config.path !== ":memory:") mkdirSync(dirname(config.path), { recursive: true });
    const db = new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: openNodeSqlite(config.path) }),
    });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, types: pgTypes });
  // An idle client that loses its connection (database restart) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on("error", () => {});
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", pgPool: pool, close: () => db.destroy() };
}

/** Applies pending migrations; safe to run from several processes at once (Kysely locks). */
export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${cause.message}`, {
      cause,
    });
  }
}
