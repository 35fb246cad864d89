import type { Kysely } from "kysely";

/**
 * Integrations: an organization's outbound notifications, and the outbox that makes them
 * durable. When a run ends, the transaction that stores its final status also stores an event
 * (`integration_events`) and one delivery per integration that wants it
 * (`integration_deliveries`); workers claim due deliveries under a lease, POST them, and record
 * every attempt (`integration_attempts`, the delivery log). A delivery acknowledged once is never
 * claimed again; one whose worker died is claimed again when its lease has run out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("integrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("host_url", "text", (c) => c.notNull())
    /** JSON arrays: the event types it wants, and the projects it is limited to (empty: all). */
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("project_ids", "text", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull())
    /** The signing secret, sealed with the master key (the integration's id as context). */
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("secret_last4", "text", (c) => c.notNull())
    /** `new`, `ok` or `failing`: how its last delivery attempt went. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Names are unique per organization: the index settles concurrent creates (409).
  await db.schema
    .createIndex("integrations_organization_name_idx")
    .on("integrations")
    .columns(["organization_id", "name"])
    .unique()
    .execute();

  await db.schema
    .createTable("integration_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) =>
      c.notNull().references("organizations.id").onDelete("cascade"),
    )
    .addColumn("project_id", "text")
    .addColumn("type", "text", (c) => c.notNull())
    /** Which kind of run (`evaluation`, …) and its id; the body is rendered from it once. */
    .addColumn("object", "text", (c) => c.notNull())
    .addColumn("run_id", "text", (c) => c.notNull())
    /** The JSON body's `data`, rendered at the first attempt so every attempt sends the same. */
    .addColumn("data", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A run ends once: its event is stored once, whatever path ended it.
  await db.schema
    .createIndex("integration_events_run_idx")
    .on("integration_events")
    .columns(["object", "run_id", "type"])
    .unique()
    .execute();

  await db.schema
    .createTable("integration_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("integration_id", "text", (c) =>
      c.notNull().references("integrations.id").onDelete("cascade"),
    )
    .addColumn("event_id", "text", (c) =>
      c.notNull().references("integration_events.id").onDelete("cascade"),
    )
    /** `pending` (due at next_attempt_at), `succeeded` or `failed` (given up). */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("next_attempt_at", "text")
    /** Set while a worker sends it; another worker may take it over once lease_until passed. */
    .addColumn("lease_token", "text")
    .addColumn("lease_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("integration_deliveries_event_idx")
    .on("integration_deliveries")
    .columns(["integration_id", "event_id"])
    .unique()
    .execute();
  await db.schema
    .createIndex("integration_deliveries_due_idx")
    .on("integration_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("integration_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("integration_id", "text", (c) =>
      c.notNull().references("integrations.id").onDelete("cascade"),
    )
    /** Null for a test event, which has no delivery. */
    .addColumn("delivery_id", "text")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("http_status", "integer")
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("response_excerpt", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("next_attempt_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("integration_attempts_integration_idx")
    .on("integration_attempts")
    .columns(["integration_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("integration_attempts").ifExists().execute();
  await db.schema.dropTable("integration_deliveries").ifExists().execute();
  await db.schema.dropTable("integration_events").ifExists().execute();
  await db.schema.dropTable("integrations").ifExists().execute();
}
