import type { Database } from "../../platform/db/database.ts";
import type { IdempotencyKeysTable } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";

export type IdempotencyRow = IdempotencyKeysTable;

export function createIdempotencyRepository(db: Database) {
  return {
    /** Claims the key; false when the organization already holds it (the row is then read). */
    async claim(row: IdempotencyRow): Promise<boolean> {
      try {
        await db.insertInto("idempotency_keys").values(row).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    find: (organizationId: string, key: string): Promise<IdempotencyRow | undefined> =>
      db
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .executeTakeFirst(),

    /**
     * Takes over a claim whose lease ran out while it still had no answer (its process died);
     * false when another request took it first or it finished meanwhile.
     */
    async takeOver(
      organizationId: string,
      key: string,
      expiredBefore: string,
      lockedUntil: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable("idempotency_keys")
        .set({ locked_until: lockedUntil })
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("status_code", "is", null)
        .where("locked_until", "<", expiredBefore)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(organizationId: string, key: string, statusCode: number, response: string) {
      await db
        .updateTable("idempotency_keys")
        .set({ status_code: statusCode, response })
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .execute();
    },

    /** Gives the key back (the request failed: a retry should run it again). */
    async release(organizationId: string, key: string) {
      await db
        .deleteFrom("idempotency_keys")
        .where("organization_id", "=", organizationId)
        .where("key", "=", key)
        .where("status_code", "is", null)
        .execute();
    },

    /** Forgets keys claimed before `before` (housekeeping). */
    async removeOlderThan(before: string): Promise<number> {
      const result = await db
        .deleteFrom("idempotency_keys")
        .where("created_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
