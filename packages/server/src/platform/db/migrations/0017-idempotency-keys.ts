import type { Kysely } from "kysely";

/**
 * Exactly-once creates. A POST sent with an `Idempotency-Key` claims the key for its
 * organization (`idempotency_keys`), and the first answer is kept for a day so a repeat, after a
 * lost answer, gets it again instead of making a second resource. An evaluation also keeps the
 * key it was created under, in the transaction that creates it, so a repeat after a crash between
 * that commit and the kept answer finds the runs instead of starting them again. A trace keeps
 * the upload it came from, unique with its position: an upload is imported once, and a second
 * import of it answers the first one's traces (the unique index settles two at once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("idempotency_keys")
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("key", "text", (c) => c.notNull())
    /** sha256 of the method, path and body: a key is for one request only. */
    .addColumn("fingerprint", "text", (c) => c.notNull())
    /** Null while the first request runs; then its status and JSON body. */
    .addColumn("status_code", "integer")
    .addColumn("response", "text")
    /** A running claim older than this was left by a process that died; it may be taken over. */
    .addColumn("locked_until", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["organization_id", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_created_idx")
    .on("idempotency_keys")
    .column("created_at")
    .execute();

  await db.schema.alterTable("traces").addColumn("upload_id", "text").execute();
  await db.schema
    .createIndex("traces_upload_position_idx")
    .on("traces")
    .columns(["upload_id", "position"])
    .unique()
    .execute();

  await db.schema.alterTable("evaluations").addColumn("idempotency_key", "text").execute();
  await db.schema
    .createIndex("evaluations_idempotency_idx")
    .on("evaluations")
    .columns(["organization_id", "idempotency_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("evaluations_idempotency_idx").execute();
  await db.schema.alterTable("evaluations").dropColumn("idempotency_key").execute();
  await db.schema.dropTable("idempotency_keys").execute();
  await db.schema.dropIndex("traces_upload_position_idx").execute();
  await db.schema.alterTable("traces").dropColumn("upload_id").execute();
}
