import { type Kysely, sql } from "kysely";

/**
 * Models and benchmarks: catalog entries (one row each, for references and attachments; their
 * details live in the catalog files) and a project's own ones, what each project has attached,
 * benchmark prompts, and the uploaded files a benchmark was made from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("models")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("organization_id", "text", (c) =>
      c.references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) => c.references("projects.id").onDelete("cascade"))
    .addColumn("api_url", "text")
    .addColumn("max_tokens", "integer")
    .addColumn("api_key_sealed", "text")
    .addColumn("extra_payload", "text")
    .addColumn("provider_model", "text")
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // A key is unique among a project's live custom models; deleting one frees its key.
  await db.schema
    .createIndex("models_project_key_unique")
    .on("models")
    .columns(["project_id", "key"])
    .unique()
    .where(sql<boolean>`project_id is not null and disabled_at is null`)
    .execute();

  await db.schema
    .createTable("benchmarks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("organization_id", "text", (c) =>
      c.references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) => c.references("projects.id").onDelete("cascade"))
    .addColumn("system_prompt", "text")
    .addColumn("regex_pattern", "text")
    .addColumn("scoring_metric", "text")
    .addColumn("llm_judge_model_id", "text", (c) => c.references("models.id"))
    .addColumn("custom_instructions", "text")
    .addColumn("input_type", "text")
    .addColumn("metrics", "text", (c) => c.notNull())
    .addColumn("generation_status", "text", (c) => c.notNull())
    .addColumn("status_description", "text", (c) => c.notNull())
    .addColumn("version", "text")
    .addColumn("prompt_count", "integer", (c) => c.notNull())
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("benchmarks_project_key_unique")
    .on("benchmarks")
    .columns(["project_id", "key"])
    .unique()
    .where(sql<boolean>`project_id is not null and disabled_at is null`)
    .execute();

  for (const [table, column, target] of [
    ["project_models", "model_id", "models.id"],
    ["project_benchmarks", "benchmark_id", "benchmarks.id"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("project_id", "text", (c) =>
        c.notNull().references("projects.id").onDelete("cascade"),
      )
      .addColumn(column, "text", (c) => c.notNull().references(target).onDelete("cascade"))
      .addColumn("attached_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ["project_id", column])
      .execute();
  }

  await db.schema
    .createTable("benchmark_prompts")
    .addColumn("benchmark_id", "text", (c) =>
      c.notNull().references("benchmarks.id").onDelete("cascade"),
    )
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("input", "text", (c) => c.notNull())
    .addColumn("input_text", "text", (c) => c.notNull())
    .addColumn("truth", "text", (c) => c.notNull())
    .addColumn("subset", "text")
    .addColumn("metadata", "text")
    .addPrimaryKeyConstraint("benchmark_prompts_pk", ["benchmark_id", "id"])
    .execute();
  await db.schema
    .createIndex("benchmark_prompts_position_idx")
    .on("benchmark_prompts")
    .columns(["benchmark_id", "position"])
    .execute();

  await db.schema
    .createTable("benchmark_files")
    .addColumn("benchmark_id", "text", (c) =>
      c.notNull().references("benchmarks.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("object_key", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("benchmark_files_pk", ["benchmark_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "benchmark_files",
    "benchmark_prompts",
    "project_benchmarks",
    "project_models",
    "benchmarks",
    "models",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
