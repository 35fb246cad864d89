import { setTimeout as sleep } from "node:timers/promises";
import {
  type Database,
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from "@assay/server/src/platform/db/database.ts";
import type { JobRow } from "@assay/server/src/platform/db/schema.ts";
import { sql } from "kysely";
import { pino } from "pino";
import { createTestDatabase, type Dialect, type TestDatabase } from "./databases.ts";

export { sleep };

/** Queue drivers log failed attempts on purpose in these tests; keep the output readable. */
export const silentLogger = pino({ level: "silent" });

/** A fresh, migrated database for queue tests, and a way to open more connections to it. */
export interface QueueTestDatabase {
  dialect: Dialect;
  testDb: TestDatabase;
  db: Database;
  /** Another handle on the same database (a second pool or SQLite connection), closed with it. */
  openAnother(): Database;
  close(): Promise<void>;
}

export async function openQueueTestDatabase(dialect: Dialect): Promise<QueueTestDatabase> {
  const testDb = await createTestDatabase(dialect);
  const handles: DatabaseHandle[] = [openDatabase(testDb.config)];
  const db = handles[0]!.db;
  await migrateToLatest(handles[0]!);
  return {
    dialect,
    testDb,
    db,
    openAnother() {
      const handle = openDatabase(testDb.config);
      handles.push(handle);
      return handle.db;
    },
    async close() {
      for (const handle of handles.splice(0)) await handle.close();
      await testDb.drop();
    },
  };
}

/**
 * Polls `probe` until it returns something other than undefined/false, and returns that.
 * Fails with `what` after `timeoutMs`, so a broken queue fails the test instead of hanging it.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** A promise with its resolve function, to hold a handler until the test lets it go. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** The embedded driver's row of a job. */
export const jobRow = (db: Database, id: string): Promise<JobRow | undefined> =>
  db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();

export const jobRowsNamed = (db: Database, name: string): Promise<JobRow[]> =>
  db.selectFrom("jobs").selectAll().where("name", "=", name).orderBy("created_at").execute();

/** The pg-boss row of a job (schema `pgboss`), with the columns the tests look at. */
export interface PgBossJobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  data: unknown;
  output: unknown;
}

export async function pgBossJob(db: Database, id: string): Promise<PgBossJobRow | undefined> {
  const { rows } = await sql<PgBossJobRow>`
    select id, name, state::text as state, retry_count, retry_limit, data, output
    from pgboss.job where id = ${id}::uuid`.execute(db);
  return rows[0];
}

/** Moves a pg-boss job waiting for its retry delay to "due now", so retries do not slow tests. */
export async function makePgBossRetryDue(db: Database, id: string): Promise<void> {
  await sql`update pgboss.job set start_after = now() where id = ${id}::uuid and state = 'retry'`.execute(
    db,
  );
}
