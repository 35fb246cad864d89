import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteDialect,
} from "kysely";
import { isSqliteBusy, type NodeSqlite } from "./node-sqlite-database.ts";

/** How long a statement waits for another connection to release the write lock. */
const LOCK_WAIT_MS = 30_000;
/** Pauses between tries double from 1 ms up to this. */
const MAX_PAUSE_MS = 50;

/**
 * Kysely's SQLite dialect over the one connection a process keeps to a file that other
 * connections write at the same time: the import threads (a connection each) and other processes
 * (`assay worker`, `assay keys`). SQLite lets one connection write at a time.
 *
 * Kysely's own driver runs one query at a time and leaves the wait for the write lock to SQLite's
 * busy handler, which sleeps on the thread: while an import held the lock, the service answered
 * nothing, and every read queued behind the one write. Here instead:
 * - a statement that finds the database locked is tried again after an asynchronous pause (up to
 *   LOCK_WAIT_MS), so the thread goes on serving meanwhile;
 * - outside a transaction, statements run at once (node:sqlite runs each synchronously, so two never
 *   interleave) and wait only while another caller's transaction is open on the connection: a read
 *   never queues behind a write that waits for the lock;
 * - transactions begin IMMEDIATE, taking the write lock before their first read, so none finds out
 *   halfway that another connection wrote meanwhile (SQLITE_BUSY_SNAPSHOT, which no retry mends).
 *
 * The connection itself must not wait: open it with `openNodeSqlite(path, { busyTimeoutMs: 0 })`.
 */
export class SharedConnectionDialect extends SqliteDialect {
  readonly #database: NodeSqlite;

  constructor(database: NodeSqlite) {
    super({ database });
    this.#database = database;
  }

  override createAdapter(): SqliteAdapter {
    return new HandlesAdapter();
  }

  override createDriver(): Driver {
    const connection = createSharedConnection(this.#database);
    const run = (handle: DatabaseConnection, text: string) =>
      handle.executeQuery(CompiledQuery.raw(text)).then(() => {});
    const name = (savepoint: string) => `"${savepoint.replaceAll('"', '""')}"`;
    const database = this.#database;
    return {
      init: async () => {},
      acquireConnection: async () => connection.handle(),
      beginTransaction: (handle) => run(handle, "begin immediate"),
      commitTransaction: (handle) => run(handle, "commit"),
      // SQLite rolls a transaction back itself on some errors (SQLITE_FULL at commit, I/O
      // errors): rolling back again would fail with "cannot rollback - no transaction is active",
      // hiding the real error, or roll back another caller's transaction begun since.
      rollbackTransaction: async (handle) => {
        if (connection.owns(handle)) await run(handle, "rollback");
      },
      savepoint: (handle, savepoint) => run(handle, `savepoint ${name(savepoint)}`),
      rollbackToSavepoint: async (handle, savepoint) => {
        if (connection.owns(handle)) await run(handle, `rollback to ${name(savepoint)}`);
      },
      releaseSavepoint: (handle, savepoint) => run(handle, `release ${name(savepoint)}`),
      releaseConnection: async () => {},
      destroy: async () => database.close(),
    };
  }
}

/** Tells Kysely not to put its own one-query-at-a-time lock around the driver. */
class HandlesAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Hands out handles to the one connection. A handle that opens a transaction (however: Kysely's
 * `transaction()`, or `begin` run through `connection()`) owns the connection until the
 * transaction ends; other handles' statements wait for that. node:sqlite says whether a
 * transaction is open (`isTransaction`), so no statement text is parsed.
 */
function createSharedConnection(database: NodeSqlite) {
  let owner: DatabaseConnection | undefined;
  /** Statements waiting for another handle's transaction to end, first come first served. */
  const waiters: (() => void)[] = [];

  function afterStatement(handle: DatabaseConnection): void {
    if (database.raw.isTransaction) owner = handle;
    else if (owner === handle) owner = undefined;
    // One waiter at a time: it may begin a transaction of its own, and the rest wait for that.
    if (owner === undefined) waiters.shift()?.();
  }

  async function execute<R>(
    handle: DatabaseConnection,
    query: CompiledQuery,
  ): Promise<QueryResult<R>> {
    let waited = 0;
    for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
      while (owner !== undefined && owner !== handle)
        await new Promise<void>((resolve) => waiters.push(resolve));
      try {
        return run<R>(database, query);
      } catch (error) {
        if (!isSqliteBusy(error) || waited >= LOCK_WAIT_MS) throw error;
      } finally {
        afterStatement(handle);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
      waited += pause;
    }
  }

  return {
    /** Whether `handle`'s transaction is still open (SQLite may have ended it on its own). */
    owns: (handle: DatabaseConnection): boolean => owner === handle && database.raw.isTransaction,
    handle(): DatabaseConnection {
      const handle: DatabaseConnection = {
        executeQuery: (query) => execute(handle, query),
        // Kysely's streaming of SELECTs; nothing here needs it.
        streamQuery: () => {
          throw new Error("streaming queries are not supported on SQLite");
        },
      };
      return handle;
    },
  };
}

/** What Kysely's own SQLite driver does with one statement. */
function run<R>(database: NodeSqlite, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
    numAffectedRows: changes == null ? undefined : BigInt(changes),
    rows: [],
  };
}
