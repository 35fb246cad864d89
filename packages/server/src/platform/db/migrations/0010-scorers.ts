import type { Kysely } from "kysely";

/**
 * Scorers (protocol §13.1): a project's grading rubrics, each judged by a model. A custom benchmark
 * names the scorers that grade its runs (`benchmark_scorers`, in the order given); an evaluation
 * keeps a copy of them as they were when it was created (`evaluations.scorers`), so editing or
 * deleting a scorer never changes what a run measured; each result keeps every scorer's grade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("scorers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("model_id", "text", (c) => c.notNull().references("models.id"))
    .addColumn("prompt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Names are unique per project: the index settles concurrent creates (409).
  await db.schema
    .createIndex("scorers_project_name_idx")
    .on("scorers")
    .columns(["project_id", "name"])
    .unique()
    .execute();

  await db.schema
    .createTable("benchmark_scorers")
    .addColumn("benchmark_id", "text", (c) =>
      c.notNull().references("benchmarks.id").onDelete("cascade"),
    )
    .addColumn("scorer_id", "text", (c) => c.notNull().references("scorers.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("benchmark_scorers_pk", ["benchmark_id", "scorer_id"])
    .execute();
  await db.schema
    .createIndex("benchmark_scorers_scorer_idx")
    .on("benchmark_scorers")
    .column("scorer_id")
    .execute();

  /** JSON list of the run's scorers ({id, name, model_id, prompt}); null when it has none. */
  await db.schema.alterTable("evaluations").addColumn("scorers", "text").execute();
  /** JSON object of each scorer's grade by scorer id; null when the run has no scorers. */
  await db.schema.alterTable("evaluation_results").addColumn("scorer_scores", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("evaluation_results").dropColumn("scorer_scores").execute();
  await db.schema.alterTable("evaluations").dropColumn("scorers").execute();
  await db.schema.dropTable("benchmark_scorers").execute();
  await db.schema.dropTable("scorers").execute();
}
