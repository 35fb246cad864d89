import type { Database } from "../../platform/db/database.ts";
import type { ModelRow, ModelsTable } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

/** Custom models of a project, and which models a project has attached. Every query takes the scope. */
export function createModelRepository(db: Database) {
  const customOf = (scope: ProjectScope) =>
    db
      .selectFrom("models")
      .selectAll()
      .where("kind", "=", "custom")
      .where("organization_id", "=", scope.organizationId)
      .where("project_id", "=", scope.projectId)
      .where("disabled_at", "is", null);

  return {
    /** A live custom model of the project. */
    findCustom: (scope: ProjectScope, id: string): Promise<ModelRow | undefined> =>
      customOf(scope).where("id", "=", id).executeTakeFirst(),

    findCustomByKey: (scope: ProjectScope, key: string): Promise<ModelRow | undefined> =>
      customOf(scope).where("key", "=", key).executeTakeFirst(),

    /**
     * A custom model by id in any project, disabled (deleted) ones included: a run already
     * queued with it still resolves its endpoint.
     */
    findCustomById: (id: string): Promise<ModelRow | undefined> =>
      db
        .selectFrom("models")
        .selectAll()
        .where("id", "=", id)
        .where("kind", "=", "custom")
        .executeTakeFirst(),

    /** The project's attached custom models, oldest first. */
    listAttachedCustom: (scope: ProjectScope): Promise<ModelRow[]> =>
      customOf(scope)
        .where("id", "in", (qb) =>
          qb
            .selectFrom("project_models")
            .select("model_id")
            .where("project_id", "=", scope.projectId),
        )
        .orderBy("created_at")
        .orderBy("id")
        .execute(),

    async insertCustom(row: ModelRow & { kind: "custom" }): Promise<void> {
      await db.insertInto("models").values(row).execute();
      await db
        .insertInto("project_models")
        .values({
          project_id: row.project_id as string,
          model_id: row.id,
          attached_at: row.created_at,
        })
        .execute();
    },

    async updateCustom(
      scope: ProjectScope,
      id: string,
      changes: Partial<Omit<ModelsTable, "id" | "kind" | "organization_id" | "project_id">>,
    ): Promise<boolean> {
      const result = await db
        .updateTable("models")
        .set(changes)
        .where("id", "=", id)
        .where("kind", "=", "custom")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .where("disabled_at", "is", null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async detach(scope: ProjectScope, id: string): Promise<void> {
      await db
        .deleteFrom("project_models")
        .where("project_id", "=", scope.projectId)
        .where("model_id", "=", id)
        .execute();
    },
  };
}

export type ModelRepository = ReturnType<typeof createModelRepository>;
