import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

export type NodeSqlite = SqliteDatabase & { raw: DatabaseSync };

/**
 * Adapts Node's built-in `node:sqlite` to the small interface Kysely's SqliteDialect drives
 * (shaped after better-sqlite3), so the default install needs no native add-on.
 *
 * `busyTimeoutMs`: how long SQLite itself waits, sleeping on the thread, for another connection's
 * write lock before answering SQLITE_BUSY. 0 for a connection whose driver waits asynchronously
 * (SharedConnectionDialect).
 */
export function openNodeSqlite(path: string, options: { busyTimeoutMs: number }): NodeSqlite {
  const raw = new DatabaseSync(path);
  // WAL lets readers (the service's requests, admin commands, a second process) work while an
  // import or another process writes. Switching a new file to WAL contends when several
  // processes open it at once.
  retryWhileBusy(() => raw.exec("PRAGMA journal_mode = WAL"));
  raw.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs)}`);
  raw.exec("PRAGMA synchronous = NORMAL");
  raw.exec("PRAGMA foreign_keys = ON");
  // Lower case for all of Unicode, which SQLite's lower() is not (see contains-text.ts).
  raw.function("unicode_lower", { deterministic: true }, (text) =>
    typeof text === "string" ? text.toLowerCase() : text,
  );
  // Preparing a statement costs more than running most of ours, and Kysely asks for one per
  // query: keep the prepared ones. Safe because Kysely's SQLite driver runs one query at a time.
  const statements = new Map<string, SqliteStatement>();
  return {
    raw,
    close: () => raw.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE)
          statements.delete(statements.keys().next().value as string);
        statement = wrapStatement(raw.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Distinct SQL texts kept prepared; queries with generated IN-lists may vary without bound. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Switching a new file to WAL needs an exclusive lock, and SQLite answers SQLITE_BUSY when another
 * process is opening the same file: retry briefly (once, at start-up, so sleeping is fine).
 */
function retryWhileBusy(action: () => void, attempts = 100, delayMs = 50): void {
  for (let attempt = 1; ; attempt++) {
    try {
      action();
      return;
    } catch (error) {
      if (!isSqliteBusy(error) || attempt >= attempts) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, delayMs);
    }
  }
}

/**
 * SQLITE_BUSY, with its extended codes: they keep it in their low byte, e.g. 261,
 * SQLITE_BUSY_RECOVERY, while another process replays the write-ahead log.
 */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === "number" && (code & 0xff) === 5;
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqlite(parameters)),
    run: (parameters) => statement.run(...toSqlite(parameters)),
    iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
  };
}

/** node:sqlite binds no booleans; store them as 0/1 like better-sqlite3 users do. */
function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
