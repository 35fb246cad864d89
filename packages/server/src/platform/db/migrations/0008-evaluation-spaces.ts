import type { Kysely } from "kysely";

/** Evaluation spaces (leaderboards): a project's named filters over its evaluations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("evaluation_spaces")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("visibility", "text", (c) => c.notNull())
    /** JSON of the protocol's EvaluationSpaceFilters, every list present. */
    .addColumn("filters", "text", (c) => c.notNull())
    .addColumn("weight", "integer", (c) => c.notNull())
    .addColumn("is_featured", "integer", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Names are unique per project: the index settles concurrent creates (409).
  await db.schema
    .createIndex("evaluation_spaces_project_name_idx")
    .on("evaluation_spaces")
    .columns(["project_id", "name"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("evaluation_spaces").ifExists().execute();
}
