import type { Database } from "../../platform/db/database.ts";
import type { ModelRow } from "../../platform/db/schema.ts";
import type { ProjectScope } from "../../tenancy.ts";

/**
 * The `models` rows judges name, read as judges need them: by id in any state, since a judge (or
 * a run's snapshot) still names its model after the model is deleted.
 */
export function createJudgeModelRepository(db: Database) {
  return {
    /** Keys and names of catalog and custom models by id, in one query for any number of ids. */
    namesByIds: (ids: readonly string[]): Promise<Pick<ModelRow, "id" | "key" | "name">[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom("models").select(["id", "key", "name"]).where("id", "in", ids).execute(),

    /** A custom model of the project by id, deleted (disabled) or not. */
    findCustomInAnyState: (
      scope: ProjectScope,
      id: string,
    ): Promise<
      | Pick<ModelRow, "key" | "max_tokens" | "cost_per_input_token" | "cost_per_output_token">
      | undefined
    > =>
      db
        .selectFrom("models")
        .select(["key", "max_tokens", "cost_per_input_token", "cost_per_output_token"])
        .where("id", "=", id)
        .where("kind", "=", "custom")
        .where("organization_id", "=", scope.organizationId)
        .where("project_id", "=", scope.projectId)
        .executeTakeFirst(),
  };
}
