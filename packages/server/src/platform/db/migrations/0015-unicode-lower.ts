import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * `unicode_lower(text)`: lower case for all of Unicode, which the `search` filters use when the
 * text searched for is not ASCII (platform/db/contains-text.ts). SQLite's own `lower()` folds ASCII
 * only, so on SQLite the driver defines the function on every connection
 * (sqlite/node-sqlite-database.ts); PostgreSQL's `lower()` folds by the database's locale, and
 * this makes the same name call it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`
    create function unicode_lower(text) returns text
    language sql immutable strict parallel safe
    return lower($1)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function unicode_lower(text)`.execute(db);
}
