import type { Database } from "../../platform/db/database.ts";
import type { UploadRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

export function createUploadRepository(db: Database) {
  return {
    insert: async (row: UploadRow) => {
      await db.insertInto("uploads").values(row).execute();
    },
    /** The newest upload of a file name in a project: later create calls name files only so. */
    findLatestByFilename: (
      scope: ProjectScope,
      purpose: string,
      filename: string,
    ): Promise<UploadRow | undefined> =>
      db
        .selectFrom("uploads")
        .selectAll()
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("purpose", "=", purpose)
        .where("filename", "=", filename)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .executeTakeFirst(),
    /** Uploads whose URL expired before `before`, in (expiry, id) order after a cursor (housekeeping). */
    listExpired: (
      before: string,
      after: { expiresAt: string; id: string } | undefined,
      limit: number,
    ) => {
      let q = db.selectFrom("uploads").selectAll().where("expires_at", "<", before);
      if (after) {
        q = q.where((eb) =>
          eb.or([
            eb("expires_at", ">", after.expiresAt),
            eb.and([eb("expires_at", "=", after.expiresAt), eb("id", ">", after.id)]),
          ]),
        );
      }
      return q.orderBy("expires_at").orderBy("id").limit(limit).execute();
    },
    deleteByIds: async (ids: string[]) => {
      if (ids.length > 0) await db.deleteFrom("uploads").where("id", "in", ids).execute();
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
