import { DatabaseSync } from "node:sqlite";
import { createTestDatabase, type TestDatabase } from "@assay/test-kit/databases.ts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/platform/db/database.ts";

// The service's SQLite connection while another connection (an import thread, another process)
// holds the write lock: the service's thread must go on serving, reads must not queue behind a
// write that waits, and the write must land once the lock is free (issue 17, defect 2).

describe("the service's SQLite connection beside another writer", () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let other: DatabaseSync;

  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    handle = openDatabase(database.config);
    await sql`create table notes (id integer primary key, text text not null)`.execute(handle.db);
    await sql`insert into notes (text) values ('first')`.execute(handle.db);
    if (database.config.dialect !== "sqlite") throw new Error("a SQLite test");
    other = new DatabaseSync(database.config.path);
  });

  afterEach(async () => {
    if (other.isOpen) other.close();
    await handle.close();
    await database.drop();
  });

  const texts = async () =>
    (await sql<{ text: string }>`select text from notes order by id`.execute(handle.db)).rows.map(
      (row) => row.text,
    );

  it("waits for the lock without stopping the thread, serving reads meanwhile", async () => {
    other.exec("begin immediate; insert into notes (text) values ('other')");
    const events: string[] = [];
    const write = sql`insert into notes (text) values ('mine')`
      .execute(handle.db)
      .then(() => events.push("write"));
    // The thread is free: a timer fires and a read answers while the write waits.
    await new Promise((resolve) => setTimeout(resolve, 30));
    events.push("timer");
    expect(await texts()).toEqual(["first"]);
    events.push("read");
    other.exec("commit");
    await write;
    expect(events).toEqual(["timer", "read", "write"]);
    expect(await texts()).toEqual(["first", "other", "mine"]);
  });

  it("begins transactions IMMEDIATE: one that waited for the lock reads what the other committed", async () => {
    other.exec("begin immediate; insert into notes (text) values ('other')");
    const seen = handle.db.transaction().execute(async (trx) => {
      const rows = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
      await sql`insert into notes (text) values ('mine')`.execute(trx);
      return rows.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    other.exec("commit");
    // A deferred BEGIN would have read 1 row, then failed to write (SQLITE_BUSY_SNAPSHOT).
    expect(await seen).toBe(2);
    expect(await texts()).toEqual(["first", "other", "mine"]);
  });

  it("keeps statements from outside out of an open transaction, and does not show its rows", async () => {
    let inside!: () => void;
    const paused = new Promise<void>((resolve) => {
      inside = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = handle.db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('uncommitted')`.execute(trx);
      inside();
      await gate;
      throw new Error("rolled back");
    });
    await paused;
    const read = texts();
    release();
    await expect(transaction).rejects.toThrow("rolled back");
    expect(await read).toEqual(["first"]);
  });

  it("never rolls back a transaction SQLite already rolled back, nor another one begun since", async () => {
    // SQLite ends a transaction itself on some errors (a full disk at commit: SQLITE_FULL). A
    // rollback after that failed with "cannot rollback - no transaction is active", and that
    // error, not SQLITE_FULL, reached the caller and the log.
    let begun: () => void = () => {};
    const secondBegun = new Promise<void>((resolve) => {
      begun = resolve;
    });
    let release: () => void = () => {};
    const secondMayEnd = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failed = handle.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into notes (text) values ('lost')`.execute(trx);
        await sql`rollback`.execute(trx); // what SQLite does on its own
        // Another caller's transaction begins meanwhile, on the same connection.
        await secondBegun;
        setTimeout(release, 20);
        throw new Error("database or disk is full");
      })
      .catch((error: Error) => error.message);
    const second = handle.db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('kept')`.execute(trx);
      begun();
      await secondMayEnd;
    });
    expect(await failed).toBe("database or disk is full");
    await second;
    expect(await texts()).toEqual(["first", "kept"]);
  });
});
