import type { Database } from "../../platform/db/database.ts";
import type {
  IntegrationAttemptRow,
  IntegrationRow,
  IntegrationsTable,
} from "../../platform/db/schema.ts";

/** Integrations of an organization. Every query by id is confined to the caller's organization. */
export function createIntegrationRepository(db: Database) {
  const inOrganization = (organizationId: string) =>
    db.selectFrom("integrations").selectAll().where("organization_id", "=", organizationId);

  return {
    find: (organizationId: string, id: string): Promise<IntegrationRow | undefined> =>
      inOrganization(organizationId).where("id", "=", id).executeTakeFirst(),

    findByName: (organizationId: string, name: string): Promise<IntegrationRow | undefined> =>
      inOrganization(organizationId).where("name", "=", name).executeTakeFirst(),

    async count(organizationId: string): Promise<number> {
      const { total } = await db
        .selectFrom("integrations")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where("organization_id", "=", organizationId)
        .executeTakeFirstOrThrow();
      return Number(total);
    },

    /** Oldest first, so a list keeps its order as integrations are added. */
    list: (organizationId: string, page: { page: number; pageSize: number }) =>
      inOrganization(organizationId)
        .orderBy("created_at")
        .orderBy("id")
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute(),

    insert: async (row: IntegrationRow): Promise<void> => {
      await db.insertInto("integrations").values(row).execute();
    },

    /** False when the organization holds no such integration. */
    async update(
      organizationId: string,
      id: string,
      changes: Partial<Omit<IntegrationsTable, "id" | "organization_id">>,
    ): Promise<boolean> {
      const result = await db
        .updateTable("integrations")
        .set(changes)
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Its deliveries and log go with it (their foreign keys cascade, on both databases). */
    async delete(organizationId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom("integrations")
        .where("organization_id", "=", organizationId)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Which of these ids are projects of the organization. */
    async projectIds(organizationId: string, ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom("projects")
        .select("id")
        .where("organization_id", "=", organizationId)
        .where("id", "in", ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    /** The delivery log of one integration, newest attempt first, and its length. */
    async attempts(
      integrationId: string,
      page: { page: number; pageSize: number },
    ): Promise<{ rows: IntegrationAttemptRow[]; total: number }> {
      const { total } = await db
        .selectFrom("integration_attempts")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where("integration_id", "=", integrationId)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("integration_attempts")
        .selectAll()
        .where("integration_id", "=", integrationId)
        .orderBy("created_at", "desc")
        .orderBy("attempt", "desc")
        .orderBy("id", "desc")
        .limit(page.pageSize)
        .offset((page.page - 1) * page.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },
  };
}

export type IntegrationRepository = ReturnType<typeof createIntegrationRepository>;
