import type { Kysely } from "kysely";

/**
 * Evaluations: the run (counters kept in step with the result rows), a copy of the prompts it
 * runs (so re-importing a benchmark never changes a past evaluation), one result row per prompt
 * (the primary key makes every prompt scored exactly once, whatever the retries), the response
 * cache, and the shared state of adaptive concurrency per model endpoint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("evaluations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("model_id", "text", (c) => c.notNull().references("models.id"))
    .addColumn("benchmark_id", "text", (c) => c.notNull().references("benchmarks.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_description", "text", (c) => c.notNull())
    .addColumn("options", "text", (c) => c.notNull())
    .addColumn("total_count", "integer", (c) => c.notNull())
    .addColumn("done_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("correct_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cached_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duration_ms_sum", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("prompt_tokens", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("completion_tokens", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("cost_usd", "double precision")
    .addColumn("stats", "text")
    .addColumn("submitted_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("deadline_at", "text")
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("evaluations_project_idx")
    .on("evaluations")
    .columns(["project_id", "submitted_at"])
    .execute();
  await db.schema
    .createIndex("evaluations_organization_idx")
    .on("evaluations")
    .columns(["organization_id", "submitted_at"])
    .execute();

  await db.schema
    .createTable("evaluation_samples")
    .addColumn("evaluation_id", "text", (c) =>
      c.notNull().references("evaluations.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("prompt_id", "text", (c) => c.notNull())
    .addColumn("input", "text", (c) => c.notNull())
    .addColumn("input_text", "text", (c) => c.notNull())
    .addColumn("truth", "text", (c) => c.notNull())
    .addColumn("subset", "text")
    .addPrimaryKeyConstraint("evaluation_samples_pk", ["evaluation_id", "position"])
    .execute();

  await db.schema
    .createTable("evaluation_results")
    .addColumn("evaluation_id", "text", (c) =>
      c.notNull().references("evaluations.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("response", "text", (c) => c.notNull())
    .addColumn("score", "double precision", (c) => c.notNull())
    .addColumn("passed", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("prompt_tokens", "integer", (c) => c.notNull())
    .addColumn("completion_tokens", "integer", (c) => c.notNull())
    .addColumn("cost_usd", "double precision")
    .addColumn("cached", "integer", (c) => c.notNull())
    .addColumn("metrics", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("evaluation_results_pk", ["evaluation_id", "position"])
    .execute();

  await db.schema
    .createTable("response_cache")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("finish_reason", "text")
    .addColumn("prompt_tokens", "integer", (c) => c.notNull())
    .addColumn("completion_tokens", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("endpoint_limits")
    .addColumn("endpoint", "text", (c) => c.primaryKey())
    .addColumn("max_limit", "integer", (c) => c.notNull())
    .addColumn("current_limit", "integer", (c) => c.notNull())
    .addColumn("cut_at", "text")
    .addColumn("grown_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("endpoint_grants")
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("worker_id", "text", (c) => c.notNull())
    .addColumn("granted", "integer", (c) => c.notNull())
    .addColumn("demand", "integer", (c) => c.notNull())
    .addColumn("heartbeat_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("endpoint_grants_pk", ["endpoint", "worker_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "endpoint_grants",
    "endpoint_limits",
    "response_cache",
    "evaluation_results",
    "evaluation_samples",
    "evaluations",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
