import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import type { TestDatabase } from "./databases.ts";

/**
 * Holds what an import must wait for, from outside the service, until `release()`: SQLite's write
 * lock (from a connection of its own), or on PostgreSQL an EXCLUSIVE lock on `table` (reads go
 * on, writes wait). Lets a test keep an import running for as long as it needs, without timing.
 */
export async function holdWriteLock(
  database: TestDatabase,
  table: string,
): Promise<{ release(): Promise<void> }> {
  if (database.config.dialect === "sqlite") {
    const connection = new DatabaseSync(database.config.path);
    connection.exec("begin immediate");
    return {
      release: async () => {
        connection.exec("rollback");
        connection.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("begin");
  await client.query(`lock table ${table} in exclusive mode`);
  return {
    release: async () => {
      await client.query("rollback");
      await client.end();
    },
  };
}
