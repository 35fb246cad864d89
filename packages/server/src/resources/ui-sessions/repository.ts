import type { Database } from "../../platform/db/database.ts";
import type { UiSessionRow } from "../../platform/db/schema.ts";

export function createUiSessionRepository(db: Database) {
  return {
    insert: async (row: UiSessionRow) => {
      await db.insertInto("ui_sessions").values(row).execute();
    },
    /** The live session with this hash and its key, if the key is not revoked. */
    findActive: (tokenHash: string, now: string) =>
      db
        .selectFrom("ui_sessions")
        .innerJoin("api_keys", "api_keys.id", "ui_sessions.api_key_id")
        .select([
          "ui_sessions.last_seen_at",
          "api_keys.id as api_key_id",
          "api_keys.organization_id",
          "api_keys.project_id",
        ])
        .where("ui_sessions.token_hash", "=", tokenHash)
        .where("ui_sessions.expires_at", ">", now)
        .where("api_keys.revoked_at", "is", null)
        .executeTakeFirst(),
    touch: async (tokenHash: string, at: string, expiresAt: string) => {
      await db
        .updateTable("ui_sessions")
        .set({ last_seen_at: at, expires_at: expiresAt })
        .where("token_hash", "=", tokenHash)
        .execute();
    },
    delete: async (tokenHash: string) => {
      await db.deleteFrom("ui_sessions").where("token_hash", "=", tokenHash).execute();
    },
    /** Expired rows are dead weight; cleared when a new session is made. */
    deleteExpired: async (now: string) => {
      await db.deleteFrom("ui_sessions").where("expires_at", "<=", now).execute();
    },
  };
}
