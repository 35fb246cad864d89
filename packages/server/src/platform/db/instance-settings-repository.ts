import type { Database } from "./database.ts";

/**
 * Facts about the installation itself, one value per name (`bootstrapped_at`,
 * `master_key_fingerprint`), written once and then only read.
 */
export function createInstanceSettingsRepository(db: Database) {
  return {
    /**
     * Sets `name` unless it is set already; true when this call set it. Of processes racing on a
     * new database, exactly one wins (the others wait on the row until it commits).
     */
    async setOnce(name: string, value: string): Promise<boolean> {
      const result = await db
        .insertInto("instance_settings")
        .values({ name, value })
        .onConflict((oc) => oc.column("name").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async get(name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("instance_settings")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirst();
      return row?.value;
    },
  };
}
