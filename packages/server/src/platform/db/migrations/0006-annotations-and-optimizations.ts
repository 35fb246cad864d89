import type { Kysely } from "kysely";

/**
 * People's labels on what judges should say (annotations), judge optimization runs, and the
 * owner's flag that makes an evaluation public.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("evaluations")
    .addColumn("is_public", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The public listing reads public evaluations of every organization, newest first.
  await db.schema
    .createIndex("evaluations_public_idx")
    .on("evaluations")
    .columns(["is_public", "submitted_at"])
    .execute();

  // One label per (judge, trace); put through one of the judge's trace evaluations of the trace.
  await db.schema
    .createTable("annotations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    .addColumn("trace_id", "text", (c) => c.notNull().references("traces.id").onDelete("cascade"))
    .addColumn("trace_evaluation_id", "text", (c) => c.notNull())
    .addColumn("passed", "integer", (c) => c.notNull())
    .addColumn("score", "double precision")
    .addColumn("comment", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("annotations_judge_trace_idx")
    .on("annotations")
    .columns(["judge_id", "trace_id"])
    .unique()
    .execute();

  await db.schema
    .createTable("judge_optimization_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("judge_id", "text", (c) => c.notNull().references("judges.id").onDelete("cascade"))
    /** The judge version the run started from, and its snapshot (JSON). */
    .addColumn("judge_version", "integer", (c) => c.notNull())
    .addColumn("judge_snapshot", "text", (c) => c.notNull())
    .addColumn("budget", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_description", "text", (c) => c.notNull())
    .addColumn("annotation_count", "integer", (c) => c.notNull())
    .addColumn("estimated_cost", "double precision", (c) => c.notNull())
    .addColumn("actual_cost", "double precision", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("original_goal", "text", (c) => c.notNull())
    .addColumn("optimized_goal", "text")
    .addColumn("logs", "text", (c) => c.notNull())
    .addColumn("baseline_accuracy", "double precision")
    .addColumn("optimized_accuracy", "double precision")
    /** JSON of the protocol's OptimizationStats once measured. */
    .addColumn("stats", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("applied_at", "text")
    .addColumn("applied_version", "integer")
    .execute();
  await db.schema
    .createIndex("judge_optimization_runs_project_idx")
    .on("judge_optimization_runs")
    .columns(["project_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("judge_optimization_runs").ifExists().execute();
  await db.schema.dropTable("annotations").ifExists().execute();
  await db.schema.dropIndex("evaluations_public_idx").ifExists().execute();
  await db.schema.alterTable("evaluations").dropColumn("is_public").execute();
}
