import { randomUUID } from "node:crypto";
import { createTestDatabase, DIALECTS, type TestDatabase } from "@assay/test-kit/databases.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DatabaseHandle,
  migrateToLatest,
  openDatabase,
} from "../../src/platform/db/database.ts";
import {
  createOutboxRepository,
  recordRunEnd,
} from "../../src/resources/integrations/outbox-repository.ts";
import type { RunEnd } from "../../src/resources/integrations/run-events.ts";

const AT = "2026-11-29T06:00:00.000Z";

/** The outbox's rules at the database, on each dialect: fan-out, one event per end, one claimant. */
describe.each(DIALECTS)("the integrations outbox on %s", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const org = randomUUID();
  const projects = [randomUUID(), randomUUID()] as const;

  const integration = async (
    name: string,
    settings: { events: string[]; project_ids?: string[]; active?: boolean },
  ) => {
    const id = randomUUID();
    await handle.db
      .insertInto("integrations")
      .values({
        id,
        organization_id: org,
        name,
        type: "webhook",
        host_url: "https://hooks.example.com",
        events: JSON.stringify(settings.events),
        project_ids: JSON.stringify(settings.project_ids ?? []),
        active: settings.active === false ? 0 : 1,
        secret: "sealed",
        secret_last4: "abcd",
        status: "new",
        created_by: "test",
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    return id;
  };

  const end = (runId: string, overrides: Partial<RunEnd> = {}): RunEnd => ({
    object: "evaluation",
    runId,
    organizationId: org,
    projectId: projects[0],
    status: "success",
    at: AT,
    ...overrides,
  });

  const deliveriesOf = async (runId: string) =>
    (
      await handle.db
        .selectFrom("integration_deliveries as d")
        .innerJoin("integration_events as e", "e.id", "d.event_id")
        .select(["d.integration_id", "e.type"])
        .where("e.run_id", "=", runId)
        .execute()
    )
      .map((r) => `${r.integration_id}:${r.type}`)
      .sort();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    await migrateToLatest(handle);
    await handle.db
      .insertInto("organizations")
      .values({ id: org, name: "Outbox", owner_id: null, created_at: AT })
      .execute();
    for (const id of projects)
      await handle.db
        .insertInto("projects")
        .values({ id, organization_id: org, name: id, created_at: AT })
        .execute();
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("fans a run's end out to the integrations that want it, once", async () => {
    const all = await integration("all", {
      events: ["evaluation.finished", "evaluation.failed"],
    });
    const failures = await integration("failures", { events: ["evaluation.failed"] });
    const secondProject = await integration("second project", {
      events: ["evaluation.finished", "evaluation.failed"],
      project_ids: [projects[1]],
    });
    await integration("inactive", { events: ["evaluation.finished"], active: false });

    const succeeded = randomUUID();
    await handle.db.transaction().execute((trx) => recordRunEnd(trx, end(succeeded)));
    expect(await deliveriesOf(succeeded)).toEqual([`${all}:evaluation.finished`]);

    const timedOut = randomUUID();
    await handle.db
      .transaction()
      .execute((trx) =>
        recordRunEnd(trx, end(timedOut, { status: "timeout", projectId: projects[1] })),
      );
    expect(await deliveriesOf(timedOut)).toEqual(
      [
        `${all}:evaluation.failed`,
        `${failures}:evaluation.failed`,
        `${secondProject}:evaluation.failed`,
      ].sort(),
    );

    // The same end recorded again (a second path ending it) adds nothing.
    await handle.db.transaction().execute((trx) => recordRunEnd(trx, end(succeeded)));
    expect(await deliveriesOf(succeeded)).toHaveLength(1);

    // An end whose transaction rolls back leaves no event.
    const rolledBack = randomUUID();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await recordRunEnd(trx, end(rolledBack));
        throw new Error("the status update failed");
      }),
    ).rejects.toThrow("the status update failed");
    expect(await deliveriesOf(rolledBack)).toEqual([]);
  });

  it("lets exactly one of two racing workers claim a delivery", async () => {
    const outbox = createOutboxRepository(handle.db);
    const due = await outbox.due("2100-01-01T00:00:00.000Z", 100);
    expect(due.length).toBeGreaterThan(0);
    const target = due[0]!;
    const lease = (token: string) => ({
      token,
      until: "2100-01-01T00:01:00.000Z",
      now: "2100-01-01T00:00:00.000Z",
    });
    const claims = await Promise.all([
      outbox.claim(target, lease("a")),
      outbox.claim(target, lease("b")),
      outbox.claim(target, lease("c")),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // Leased: not due for anyone else until the lease runs out.
    const stillDue = await outbox.due("2100-01-01T00:00:30.000Z", 100);
    expect(stillDue.map((d) => d.id)).not.toContain(target.id);
    const afterLease = await outbox.due("2100-01-01T00:01:00.000Z", 100);
    expect(afterLease.map((d) => d.id)).toContain(target.id);

    // Only the lease's holder moves the delivery on.
    const winner = ["a", "b", "c"][claims.indexOf(true)] as string;
    const outcome = {
      attempt: {
        event_type: target.event_type,
        attempt: 1,
        status: "succeeded",
        http_status: 200,
        latency_ms: 3,
        response_excerpt: "",
        error: null,
        next_attempt_at: null,
        created_at: "2100-01-01T00:00:01.000Z",
      },
      delivery: { status: "succeeded" as const, next_attempt_at: null },
      integrationStatus: "ok" as const,
    };
    expect(await outbox.finish(target, "not-the-holder", outcome)).toBe(false);
    expect(await outbox.finish(target, winner, outcome)).toBe(true);
    const never = await outbox.due("2200-01-01T00:00:00.000Z", 100);
    expect(never.map((d) => d.id)).not.toContain(target.id);
  });

  it("forgets ended deliveries and old log entries, never a pending delivery", async () => {
    const outbox = createOutboxRepository(handle.db);
    const pendingEvents = async () =>
      (
        await handle.db
          .selectFrom("integration_deliveries")
          .select("event_id")
          .where("status", "=", "pending")
          .execute()
      )
        .map((r) => r.event_id)
        .sort();
    const before = await pendingEvents();
    expect(before.length).toBeGreaterThan(0);
    const removed = await outbox.removeEndedBefore("2200-01-01T00:00:00.000Z");
    // Both finishes above were logged (a worker that lost its lease still records what it did).
    expect(removed).toBe(2);
    const events = await handle.db.selectFrom("integration_events").select("id").execute();
    expect(events.map((e) => e.id).sort()).toEqual([...new Set(before)].sort());
    expect(await pendingEvents()).toEqual(before);
    // Nothing that ended after the cut-off goes.
    expect(await outbox.removeEndedBefore("2000-01-01T00:00:00.000Z")).toBe(0);
  });
});
