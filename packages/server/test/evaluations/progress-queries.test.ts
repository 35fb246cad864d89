import { Client } from "@assay/client";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { openEventStream } from "@assay/test-kit/event-stream.ts";
import { manualTimers } from "@assay/test-kit/manual-timers.ts";
import { modelAndBenchmark } from "@assay/test-kit/model-less-runs.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import type { KyselyPlugin } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProgressPoller } from "../../src/resources/evaluations/progress-poller.ts";
import type { EvaluationProgressRow } from "../../src/resources/evaluations/repository.ts";

/**
 * What live progress costs the database: every query made through the progress poller is
 * counted (a Kysely plugin on the service's own connection), while 200 viewers watch one run and
 * the clock is stepped by hand. One query per tick, whatever the number of viewers.
 */

const VIEWERS = 200;

/** Fires the pending timers and waits until each read they started has rescheduled its timer. */
async function tick(clock: ReturnType<typeof manualTimers>) {
  const fired = clock.fire();
  await until(() => clock.pending() >= fired);
}

/**
 * Waits until `done()` holds: database reads answered, connections closed. A deadline, not a
 * measurement (a count of event-loop turns was one: a busy machine's PostgreSQL outlasted it).
 */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
  expect(done()).toBe(true);
}

describe.each(DIALECTS)("live progress on %s", (dialect) => {
  let service: TestService;
  let client: Client;
  let running: string;
  let other: string;

  beforeAll(async () => {
    service = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
    const { model, benchmark } = await modelAndBenchmark(client, "Tiny", [
      { input: "1+1?", truth: "2" },
      { input: "2+2?", truth: "4" },
    ]);
    // No workers: both runs stay pending, so their streams stay open.
    running = (await client.evaluations.create(model, benchmark)).id;
    other = (await client.evaluations.create(model, benchmark)).id;
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  it(`reads a run once per tick for ${VIEWERS} viewers, and each watched run once`, async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => {
        queries += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const clock = manualTimers();
    const poller = createProgressPoller(
      service.running.deps.db.withPlugin(counter),
      pino({ level: "silent" }),
      clock.timers,
    );
    const seen = Array.from({ length: VIEWERS }, () => [] as (EvaluationProgressRow | undefined)[]);
    const stops = seen.map((values, i) =>
      poller.subscribe(i === 0 ? other : running, (row) => values.push(row)),
    );
    await until(() => seen.every((values) => values.length === 1));
    expect(queries).toBe(2); // the first read of each run, shared by its viewers

    for (let i = 0; i < 5; i++) await tick(clock);
    expect(queries).toBe(2 + 2 * 5);
    expect(seen.every((values) => values.length === 6)).toBe(true);
    expect(seen[1]?.at(-1)).toMatchObject({ id: running, status: "pending", total_count: 2 });
    expect(poller.stats()).toEqual({ pollers: 2, subscribers: VIEWERS, reads: 12 });

    for (const stop of stops) stop();
    expect(clock.pending()).toBe(0);
    await tick(clock);
    expect(queries).toBe(12);
  });

  it("serves many event streams of one run from one poller", async () => {
    const poller = service.running.deps.evaluationProgress;
    const tenant = await tenantOf(service);
    const url = `${service.apiUrl}/organizations/${tenant.org}/projects/${tenant.project}/evaluations/${running}/events`;
    const streams = await Promise.all(
      Array.from({ length: 20 }, () => openEventStream(url, service.apiKey)),
    );
    for (const stream of streams)
      expect((await stream.events.next()).value?.event).toBe("progress");
    expect(poller.stats()).toMatchObject({ pollers: 1, subscribers: 20 });
    for (const stream of streams) stream.close();
    await until(() => poller.stats().pollers === 0);
  });
});
