import type { Kysely } from "kysely";

/**
 * Judges with their version history, traces parsed from uploaded files, and trace evaluations
 * (one judge run over one trace) whose verdict columns are filled when the judge has answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("judges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("evaluation_goal", "text", (c) => c.notNull())
    .addColumn("model_id", "text", (c) => c.references("models.id"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Names are unique per project: a second create with the same name is a 409.
  await db.schema
    .createIndex("judges_project_name_idx")
    .on("judges")
    .columns(["project_id", "name"])
    .unique()
    .execute();

  await db.schema
    .createTable("judge_versions")
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("evaluation_goal", "text", (c) => c.notNull())
    .addColumn("model_id", "text", (c) => c.references("models.id"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("judge_versions_pk", ["judge_id", "version"])
    .execute();

  await db.schema
    .createTable("traces")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("input", "text")
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("integration_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("traces_project_idx")
    .on("traces")
    .columns(["project_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("traces_project_filename_idx")
    .on("traces")
    .columns(["project_id", "filename"])
    .execute();

  await db.schema
    .createTable("trace_evaluations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("trace_id", "text", (c) => c.notNull().references("traces.id").onDelete("cascade"))
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    .addColumn("judge_version", "integer", (c) => c.notNull())
    .addColumn("judge_snapshot", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_description", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    // The verdict, set with status `success` in one update.
    .addColumn("result_id", "text")
    .addColumn("score", "double precision")
    .addColumn("passed", "integer")
    .addColumn("reasoning", "text")
    .addColumn("model", "text")
    .addColumn("turns", "integer")
    .addColumn("latency_ms", "integer")
    .addColumn("prompt_tokens", "integer")
    .addColumn("completion_tokens", "integer")
    .addColumn("total_cost", "double precision")
    .addColumn("truncated", "integer")
    .addColumn("result_at", "text")
    .execute();
  await db.schema
    .createIndex("trace_evaluations_project_idx")
    .on("trace_evaluations")
    .columns(["project_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("trace_evaluations_trace_idx")
    .on("trace_evaluations")
    .columns(["trace_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("trace_evaluations_judge_idx")
    .on("trace_evaluations")
    .columns(["judge_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["trace_evaluations", "traces", "judge_versions", "judges"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
