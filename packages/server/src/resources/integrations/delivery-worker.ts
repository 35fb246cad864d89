import { randomUUID } from "node:crypto";
import type { IntegrationEvent, IntegrationType } from "@assay/protocol";
import type { Logger } from "pino";
import type { Dispatcher } from "undici";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Clock } from "../../platform/clock.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import { createEventDataRenderer, type EventData } from "./event-data.ts";
import {
  type AttemptOutcome,
  createOutboxRepository,
  type DueDelivery,
} from "./outbox-repository.ts";
import { nextAttemptAt } from "./retry-schedule.ts";
import type { RunObject } from "./run-events.ts";
import { type SendResult, sendEvent } from "./sender.ts";

export interface DeliveryWorkerDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  secrets: SecretBox;
  catalog: Catalog;
  publicUrl: string | undefined;
  /** The SSRF-guarded dispatcher (platform/ssrf), built from ALLOWED_MODEL_HOSTS. */
  dispatcher: Dispatcher;
  /** One attempt's bound; a lease lasts well past it. */
  timeoutMs: number;
  pollIntervalMs: number;
}

/** Deliveries sent at once per worker process, and read per poll. */
const CONCURRENCY = 4;
const BATCH = 20;

export const LOST_ATTEMPT =
  "the worker sending it stopped before the receiver's answer was recorded; sent again";

export const INACTIVE = "the integration was deactivated before this delivery; not sent";

/**
 * How long a claimed delivery is a worker's alone: twice the attempt's timeout and five seconds,
 * so an attempt is over (answered or aborted) and recorded long before another worker may take
 * the delivery over.
 */
export const leaseMsFor = (timeoutMs: number) => 2 * timeoutMs + 5000;

/**
 * The outbox's sender, in every worker process: polls for due deliveries, claims each under a
 * lease (one worker per delivery at a time, across processes and databases), POSTs it, and
 * records the attempt and the delivery's next state together before taking the next one. A
 * delivery acknowledged with a 2xx is `succeeded` and never claimed again; one whose worker died
 * mid-attempt is claimed again once its lease ran out (the lost attempt is logged), so the event
 * reaches the receiver at least once and, once acknowledged, never again.
 */
export function startDeliveryWorker(deps: DeliveryWorkerDeps): { stop(): Promise<void> } {
  const outbox = createOutboxRepository(deps.db);
  const render = createEventDataRenderer(deps);
  const leaseMs = leaseMsFor(deps.timeoutMs);
  const inFlight = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  async function eventOf(due: DueDelivery): Promise<IntegrationEvent> {
    const data =
      due.event_data ??
      (await outbox.keepEventData(
        due.event_id,
        JSON.stringify(
          await render(due.event_object as RunObject, due.event_run_id, due.event_project_id),
        ),
      ));
    return {
      id: due.event_id,
      type: due.event_type,
      created_at: due.event_created_at,
      organization_id: due.event_organization_id,
      data: JSON.parse(data) as EventData,
    };
  }

  async function deliver(due: DueDelivery): Promise<void> {
    const now = deps.clock.now();
    const token = randomUUID();
    const claimed = await outbox.claim(due, {
      token,
      until: new Date(now.getTime() + leaseMs).toISOString(),
      now: now.toISOString(),
    });
    if (!claimed) return;
    const attempt = due.attempts + 1;
    if (due.lease_until !== null) {
      await outbox.logAttempt({
        integration_id: due.integration_id,
        delivery_id: due.id,
        event_id: due.event_id,
        event_type: due.event_type,
        attempt: due.attempts,
        status: "failed",
        http_status: null,
        latency_ms: 0,
        response_excerpt: "",
        error: LOST_ATTEMPT,
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
      });
    }
    const integration = await outbox.integration(due.integration_id);
    if (!integration) return; // Deleted meanwhile: its deliveries went with it.
    const event = await eventOf(due);
    // Deactivated since the event: it is sent nothing more, and the log says why.
    const result: SendResult =
      integration.active !== 1
        ? { ok: false, httpStatus: null, latencyMs: 0, excerpt: "", error: INACTIVE }
        : await sendEvent(
            deps.dispatcher,
            {
              type: integration.type as IntegrationType,
              hostUrl: integration.host_url,
              secret: deps.secrets.open(integration.secret, integration.id),
            },
            event,
            {
              timeoutMs: deps.timeoutMs,
              nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
            },
          );
    const at = deps.clock.now();
    const next =
      result.ok || integration.active !== 1
        ? null
        : nextAttemptAt(attempt, new Date(due.event_created_at), at);
    const outcome: AttemptOutcome = {
      attempt: {
        event_type: due.event_type,
        attempt,
        status: result.ok ? "succeeded" : "failed",
        http_status: result.httpStatus,
        latency_ms: result.latencyMs,
        response_excerpt: result.excerpt,
        error: result.error,
        next_attempt_at: next?.toISOString() ?? null,
        created_at: at.toISOString(),
      },
      delivery: result.ok
        ? { status: "succeeded", next_attempt_at: null }
        : next === null
          ? { status: "failed", next_attempt_at: null }
          : { status: "pending", next_attempt_at: next.toISOString() },
      integrationStatus: integration.active !== 1 ? undefined : result.ok ? "ok" : "failing",
    };
    const kept = await outbox.finish(due, token, outcome);
    if (!kept)
      deps.logger.warn(
        { delivery: due.id },
        "integration delivery outlived its lease; another worker took it over",
      );
  }

  async function poll(): Promise<void> {
    const due = (await outbox.due(deps.clock.now().toISOString(), BATCH)).filter(
      (d) => !inFlight.has(d.id),
    );
    let next = 0;
    const lane = async () => {
      while (!stopped && next < due.length) {
        const item = due[next++] as DueDelivery;
        inFlight.add(item.id);
        try {
          await deliver(item);
        } catch (err) {
          deps.logger.warn({ err, delivery: item.id }, "integration delivery failed to run");
        } finally {
          inFlight.delete(item.id);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, lane));
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = poll()
        .catch((err) => deps.logger.warn({ err }, "integration outbox poll failed"))
        .finally(schedule);
    }, deps.pollIntervalMs);
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
