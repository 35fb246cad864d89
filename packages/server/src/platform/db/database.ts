import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import { type MigrationResultSet, Migrator } from "kysely/migration";
import pg from "pg";
import { migrationProvider } from "./migrations/index.ts";
import { type CopyRows, createPostgresCopy } from "./postgres-copy.ts";
import type { DatabaseSchema } from "./schema.ts";
import { openNodeSqlite } from "./sqlite/node-sqlite-database.ts";
import { SharedConnectionDialect } from "./sqlite/shared-connection-dialect.ts";

export type Database = Kysely<DatabaseSchema>;

export type DatabaseConfig =
  | { dialect: "sqlite"; path: string }
  | { dialect: "postgres"; url: string; poolSize: number };

export interface DatabaseHandle {
  db: Database;
  dialect: DatabaseConfig["dialect"];
  /** PostgreSQL only: bulk loads stream through COPY rather than INSERT statements. */
  copyRows?: CopyRows;
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
      dialect: new SharedConnectionDialect(openNodeSqlite(config.path, { busyTimeoutMs: 0 })),
    });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, types: pgTypes });
  // An idle client that loses its connection (database restart) must not crash the process;
  // the next query gets a fresh connection or a clear error.
  pool.on("error", () => {});
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: "postgres",
    copyRows: createPostgresCopy(pool),
    close: () => db.destroy(),
  };
}

/** Answers once the database answers a trivial query; rejects when it cannot be reached. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Applies pending migrations; safe to run from several processes at once. */
export async function migrateToLatest({
  db,
  dialect,
}: Pick<DatabaseHandle, "db" | "dialect">): Promise<void> {
  if (dialect === "postgres") {
    // Kysely serializes migrators on PostgreSQL with an advisory lock.
    check(await new Migrator({ db, provider: migrationProvider }).migrateToLatest());
    return;
  }
  // Kysely's SQLite adapter takes no lock (it assumes one connection), but `assay serve`, a worker
  // and `assay keys` may open the same file at once. BEGIN IMMEDIATE takes the write lock before
  // anything is read (waiting for another migrator), so each process sees the migrations the
  // previous one committed.
  await db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      check(
        await new Migrator({
          db: connection,
          provider: migrationProvider,
          disableTransactions: true,
        }).migrateToLatest(),
      );
      await sql`commit`.execute(connection);
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${cause.message}`, {
      cause,
    });
  }
}
