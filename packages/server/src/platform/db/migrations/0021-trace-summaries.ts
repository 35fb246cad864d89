import type { Kysely } from "kysely";

/**
 * What the traces list shows and sorts on besides the input: latency, tokens, cost, model,
 * service, session and user, read from each trace when it is imported (engine/traces/summary)
 * and kept in columns so sorting and filtering 100k traces is an index walk, not a JSON parse.
 * `summary_version` is null on rows imported before this migration: reading them needs the
 * engine's readers, which migrations do not import, so housekeeping fills them in batches.
 * (0020 is another change's.)
 */
const COLUMNS = [
  ["duration_ms", "double precision"],
  ["input_tokens", "integer"],
  ["output_tokens", "integer"],
  ["total_tokens", "integer"],
  ["cost_usd", "double precision"],
  ["model", "text"],
  ["service_name", "text"],
  ["session_id", "text"],
  ["user_id", "text"],
  ["summary_version", "integer"],
] as const;

/** The columns the list sorts or filters on, each indexed within a project. */
const INDEXED = [
  "duration_ms",
  "total_tokens",
  "cost_usd",
  "model",
  "service_name",
  "session_id",
  "user_id",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of COLUMNS)
    await db.schema.alterTable("traces").addColumn(name, type).execute();
  for (const column of INDEXED)
    await db.schema
      .createIndex(`traces_project_${column}`)
      .on("traces")
      .columns(["organization_id", "project_id", column])
      .execute();
  // The list's default order (newest first, a file's traces in file order): walked in index
  // order instead of sorting every trace of the project (1 s at 100k traces on SQLite).
  await db.schema
    .createIndex("traces_project_newest")
    .on("traces")
    .columns(["organization_id", "project_id", "created_at desc", "position", "id"])
    .execute();
  await db.schema
    .createIndex("traces_unsummarized")
    .on("traces")
    .column("summary_version")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("traces_unsummarized").execute();
  await db.schema.dropIndex("traces_project_newest").execute();
  for (const column of INDEXED) await db.schema.dropIndex(`traces_project_${column}`).execute();
  for (const [name] of [...COLUMNS].reverse())
    await db.schema.alterTable("traces").dropColumn(name).execute();
}
