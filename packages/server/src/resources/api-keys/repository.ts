import type { Database } from "../../platform/db/database.ts";
import type { ApiKeyRow, NewApiKey } from "../../platform/db/schema.ts";

export function createApiKeyRepository(db: Database) {
  return {
    insert: async (row: NewApiKey) => {
      await db.insertInto("api_keys").values(row).execute();
    },
    findActiveByHash: (keyHash: string): Promise<ApiKeyRow | undefined> =>
      db
        .selectFrom("api_keys")
        .selectAll()
        .where("key_hash", "=", keyHash)
        .where("revoked_at", "is", null)
        .executeTakeFirst(),
    findByHash: (keyHash: string): Promise<ApiKeyRow | undefined> =>
      db.selectFrom("api_keys").selectAll().where("key_hash", "=", keyHash).executeTakeFirst(),
    findById: (id: string): Promise<ApiKeyRow | undefined> =>
      db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst(),
    list: (organizationId?: string) => {
      let q = db
        .selectFrom("api_keys")
        .innerJoin("organizations", "organizations.id", "api_keys.organization_id")
        .innerJoin("projects", "projects.id", "api_keys.project_id")
        .select([
          "api_keys.id",
          "api_keys.name",
          "api_keys.display",
          "api_keys.created_at",
          "api_keys.last_used_at",
          "api_keys.revoked_at",
          "organizations.id as organization_id",
          "organizations.name as organization_name",
          "projects.id as project_id",
          "projects.name as project_name",
        ])
        .orderBy("api_keys.created_at");
      if (organizationId) q = q.where("api_keys.organization_id", "=", organizationId);
      return q.execute();
    },
    touch: async (id: string, at: string) => {
      await db.updateTable("api_keys").set({ last_used_at: at }).where("id", "=", id).execute();
    },
    revoke: async (id: string, at: string): Promise<boolean> => {
      const r = await db
        .updateTable("api_keys")
        .set({ revoked_at: at })
        .where("id", "=", id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}

export type ApiKeyRepository = ReturnType<typeof createApiKeyRepository>;
