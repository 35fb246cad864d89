import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatabaseConfig } from "@assay/server/src/platform/db/database.ts";
import pg from "pg";

export type Dialect = "sqlite" | "postgres";

/** PostgreSQL server for tests; set by .ci/run (and by developers who have one). */
const POSTGRES_URL = process.env.DATABASE_URL;

/** Repository tests run on every dialect: SQLite always, PostgreSQL when DATABASE_URL is set. */
export const DIALECTS: Dialect[] = POSTGRES_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** Service-level tests run on the configured database: PostgreSQL when set, else SQLite. */
export const APP_DIALECT: Dialect = POSTGRES_URL ? "postgres" : "sqlite";

export interface TestDatabase {
  dialect: Dialect;
  config: DatabaseConfig;
  /** The DATABASE_URL of this test database (PostgreSQL only). */
  url?: string;
  /** A fresh directory for the data dir (SQLite file, blobs, master key). */
  dataDir: string;
  drop(): Promise<void>;
}

/** A new, empty database of the dialect, so test files never see each other's rows. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "assay-test-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") {
    return {
      dialect,
      config: { dialect, path: join(dataDir, "assay.db") },
      dataDir,
      drop: async () => removeDir(),
    };
  }
  if (!POSTGRES_URL) throw new Error("DATABASE_URL is not set");
  const name = `assay_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    config: { dialect, url: url.toString(), poolSize: 5 },
    url: url.toString(),
    dataDir,
    drop: async () => {
      await adminQuery(`drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
