import type { Kysely } from "kysely";

/**
 * Dashboard sign-in sessions: an API key exchanged once for a random token held in an HttpOnly
 * cookie. Only the token's SHA-256 is stored; a session belongs to the key it was made from, so
 * revoking the key (or deleting it) ends its sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ui_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("api_key_id", "text", (c) =>
      c.notNull().references("api_keys.id").onDelete("cascade"),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    /** Sliding: moved forward (at most once a minute) while the session is used. */
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ui_sessions_api_key_idx")
    .on("ui_sessions")
    .column("api_key_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ui_sessions").execute();
}
