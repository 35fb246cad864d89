import { type Kysely, sql } from "kysely";

/** Tenancy, API keys, uploads, the embedded job queue, rate-limit buckets, instance settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("owner_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("projects_organization_name_unique", ["organization_id", "name"])
    .execute();

  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("display", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("api_keys_organization_idx")
    .on("api_keys")
    .column("organization_id")
    .execute();

  await db.schema
    .createTable("uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text", (c) =>
      c.notNull().references("projects.id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("upload_key", "text")
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("object_key", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Later create calls name an upload only by file name: find the newest one of a project quickly.
  await db.schema
    .createIndex("uploads_project_filename_idx")
    .on("uploads")
    .columns(["project_id", "purpose", "filename", "created_at"])
    .execute();
  await db.schema.createIndex("uploads_expires_idx").on("uploads").column("expires_at").execute();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("singleton_key", "text")
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("lease_token", "text")
    .addColumn("lease_expires_at", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("jobs_claim_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema
    .createIndex("jobs_singleton_unique")
    .on("jobs")
    .column("singleton_key")
    .unique()
    .where(sql<boolean>`singleton_key is not null and status in ('queued', 'active')`)
    .execute();

  await db.schema
    .createTable("rate_limit_buckets")
    .addColumn("bucket_key", "text", (c) => c.primaryKey())
    .addColumn("tokens", "double precision", (c) => c.notNull())
    .addColumn("updated_at", "double precision", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("instance_settings")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "instance_settings",
    "rate_limit_buckets",
    "jobs",
    "uploads",
    "api_keys",
    "projects",
    "organizations",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
