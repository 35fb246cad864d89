import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type {
  DatabaseSchema,
  IntegrationAttemptRow,
  IntegrationRow,
} from "../../platform/db/schema.ts";
import { eventTypeOf, type RunEnd, wantsEvent } from "./run-events.ts";

/**
 * Stores a run's end in the outbox: one event and one delivery per integration of the
 * organization that wants it, nothing when none does. Call it with the transaction that stores the
 * run's final status, so the notification exists exactly when the status does (a crash loses
 * both or neither). A second call for the same run's end adds nothing (the event is unique).
 */
export async function recordRunEnd(trx: Kysely<DatabaseSchema>, end: RunEnd): Promise<void> {
  const type = eventTypeOf(end);
  const integrations = await trx
    .selectFrom("integrations")
    .select(["id", "active", "events", "project_ids"])
    .where("organization_id", "=", end.organizationId)
    .where("active", "=", 1)
    .execute();
  const wanting = integrations.filter((i) => wantsEvent(i, type, end.projectId));
  if (wanting.length === 0) return;
  const eventId = randomUUID();
  const inserted = await trx
    .insertInto("integration_events")
    .values({
      id: eventId,
      organization_id: end.organizationId,
      project_id: end.projectId,
      type,
      object: end.object,
      run_id: end.runId,
      data: null,
      created_at: end.at,
    })
    .onConflict((oc) => oc.columns(["object", "run_id", "type"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return;
  await trx
    .insertInto("integration_deliveries")
    .values(
      wanting.map((i) => ({
        id: randomUUID(),
        integration_id: i.id,
        event_id: eventId,
        status: "pending",
        attempts: 0,
        next_attempt_at: end.at,
        lease_token: null,
        lease_until: null,
        created_at: end.at,
        updated_at: end.at,
      })),
    )
    .execute();
}

/** A delivery due now, with what sending it needs. */
export interface DueDelivery {
  id: string;
  integration_id: string;
  event_id: string;
  attempts: number;
  lease_until: string | null;
  event_type: string;
  event_object: string;
  event_run_id: string;
  event_organization_id: string;
  event_project_id: string | null;
  event_data: string | null;
  event_created_at: string;
}

/** How one attempt ended, to record in the log and on the delivery. */
export interface AttemptOutcome {
  attempt: Omit<IntegrationAttemptRow, "id" | "integration_id" | "delivery_id" | "event_id">;
  /** The delivery's state afterwards. */
  delivery: { status: "pending" | "succeeded" | "failed"; next_attempt_at: string | null };
  /** The integration's `status` afterwards; unchanged when absent. */
  integrationStatus?: "ok" | "failing";
}

/** The outbox as the delivery workers see it. */
export function createOutboxRepository(db: Database) {
  return {
    /** Deliveries due at `now` whose lease (if any) has run out, oldest first. */
    due: (now: string, limit: number): Promise<DueDelivery[]> =>
      db
        .selectFrom("integration_deliveries as d")
        .innerJoin("integration_events as e", "e.id", "d.event_id")
        .select([
          "d.id",
          "d.integration_id",
          "d.event_id",
          "d.attempts",
          "d.lease_until",
          "e.type as event_type",
          "e.object as event_object",
          "e.run_id as event_run_id",
          "e.organization_id as event_organization_id",
          "e.project_id as event_project_id",
          "e.data as event_data",
          "e.created_at as event_created_at",
        ])
        .where("d.status", "=", "pending")
        .where("d.next_attempt_at", "<=", now)
        .where((eb) => eb.or([eb("d.lease_until", "is", null), eb("d.lease_until", "<=", now)]))
        .orderBy("d.next_attempt_at")
        .orderBy("d.id")
        .limit(limit)
        .execute(),

    /**
     * Takes a due delivery for one attempt: true when this caller won it. The compare on
     * `attempts` makes two workers that read the same row race for one update, which only one wins.
     */
    async claim(
      delivery: Pick<DueDelivery, "id" | "attempts">,
      lease: { token: string; until: string; now: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable("integration_deliveries")
        .set({
          lease_token: lease.token,
          lease_until: lease.until,
          attempts: delivery.attempts + 1,
          updated_at: lease.now,
        })
        .where("id", "=", delivery.id)
        .where("status", "=", "pending")
        .where("attempts", "=", delivery.attempts)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", lease.now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The rendered body data of an event: the first render is kept, later ones are not. */
    async keepEventData(eventId: string, data: string): Promise<string> {
      await db
        .updateTable("integration_events")
        .set({ data })
        .where("id", "=", eventId)
        .where("data", "is", null)
        .execute();
      const row = await db
        .selectFrom("integration_events")
        .select("data")
        .where("id", "=", eventId)
        .executeTakeFirstOrThrow();
      return row.data ?? data;
    },

    integration: (id: string): Promise<IntegrationRow | undefined> =>
      db.selectFrom("integrations").selectAll().where("id", "=", id).executeTakeFirst(),

    /**
     * Records one attempt and moves the delivery on, in one transaction, if this caller still
     * holds the lease (false otherwise: the attempt is logged, the delivery left to its holder).
     */
    async finish(
      delivery: Pick<DueDelivery, "id" | "integration_id" | "event_id">,
      leaseToken: string,
      outcome: AttemptOutcome,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto("integration_attempts")
          .values({
            ...outcome.attempt,
            id: randomUUID(),
            integration_id: delivery.integration_id,
            delivery_id: delivery.id,
            event_id: delivery.event_id,
          })
          .execute();
        const result = await trx
          .updateTable("integration_deliveries")
          .set({
            ...outcome.delivery,
            lease_token: null,
            lease_until: null,
            updated_at: outcome.attempt.created_at,
          })
          .where("id", "=", delivery.id)
          .where("lease_token", "=", leaseToken)
          .executeTakeFirst();
        if (outcome.integrationStatus)
          await trx
            .updateTable("integrations")
            .set({ status: outcome.integrationStatus })
            .where("id", "=", delivery.integration_id)
            .execute();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /**
     * Forgets what ended before `before`: log entries, and events none of whose deliveries is
     * still pending (their deliveries go with them). Answers how many log entries went.
     */
    async removeEndedBefore(before: string): Promise<number> {
      const attempts = await db
        .deleteFrom("integration_attempts")
        .where("created_at", "<", before)
        .executeTakeFirst();
      await db
        .deleteFrom("integration_events")
        .where("created_at", "<", before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("integration_deliveries as d")
                .select("d.id")
                .whereRef("d.event_id", "=", "integration_events.id")
                .where("d.status", "=", "pending"),
            ),
          ),
        )
        .execute();
      return Number(attempts.numDeletedRows);
    },

    /** Logs an attempt that has no delivery to move on (a test event, a worker that died). */
    async logAttempt(
      row: Omit<IntegrationAttemptRow, "id">,
      integrationStatus?: "ok" | "failing",
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("integration_attempts")
          .values({ ...row, id: randomUUID() })
          .execute();
        if (integrationStatus)
          await trx
            .updateTable("integrations")
            .set({ status: integrationStatus })
            .where("id", "=", row.integration_id)
            .execute();
      });
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
