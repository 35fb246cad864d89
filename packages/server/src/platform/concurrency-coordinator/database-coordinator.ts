import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock.ts";
import type { DatabaseSchema } from "../db/schema.ts";
import type { ConcurrencyCoordinator, EndpointGrant, EndpointReport } from "./coordinator.ts";

export interface DatabaseCoordinatorOptions {
  db: Kysely<DatabaseSchema>;
  clock: Clock;
  /** Identifies this process among the workers sharing an endpoint. */
  workerId?: string;
  /** A worker whose last report is older than this holds nothing (it died or hangs). */
  staleMs?: number;
  /** A limit is cut at most once per episode of 429s. */
  cooldownMs?: number;
  /** While clean, the limit grows one step per period. */
  growEveryMs?: number;
  cutFactor?: number;
}

/**
 * Adaptive concurrency across processes, in the database every worker already shares. Each
 * endpoint has one row with its current limit (AIMD: halved on a 429 episode, grown a step per
 * clean period up to the requested maximum) and one grant row per worker process. A worker may
 * raise its grant only into capacity no other live worker holds, and that check and the raise
 * happen in one transaction whose first statement writes the endpoint row: PostgreSQL locks it,
 * SQLite takes its single write lock. So the grants of live workers never add up to more than
 * the limit, and since a worker's calls in flight never exceed its grant, neither do the calls.
 */
export function createDatabaseCoordinator(
  options: DatabaseCoordinatorOptions,
): ConcurrencyCoordinator {
  const { db, clock } = options;
  const workerId = options.workerId ?? randomUUID();
  const staleMs = options.staleMs ?? 5_000;
  const cooldownMs = options.cooldownMs ?? 2_000;
  const growEveryMs = options.growEveryMs ?? 1_000;
  const cutFactor = options.cutFactor ?? 0.5;

  async function syncOne(report: EndpointReport): Promise<EndpointGrant> {
    return db.transaction().execute(async (tx) => {
      const nowMs = clock.now().getTime();
      const now = new Date(nowMs).toISOString();
      const maxLimit = Math.max(1, report.maxLimit);
      await tx
        .insertInto("endpoint_limits")
        .values({
          endpoint: report.endpoint,
          max_limit: maxLimit,
          current_limit: maxLimit,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column("endpoint").doUpdateSet({ max_limit: maxLimit, updated_at: now }),
        )
        .execute();
      const row = await tx
        .selectFrom("endpoint_limits")
        .selectAll()
        .where("endpoint", "=", report.endpoint)
        .executeTakeFirstOrThrow();

      const since = (iso: string | null) => (iso === null ? Infinity : nowMs - Date.parse(iso));
      let limit = Math.min(row.current_limit, maxLimit);
      let { cut_at: cutAt, grown_at: grownAt } = row;
      if (report.rateLimited) {
        if (since(cutAt) >= cooldownMs) {
          limit = Math.max(1, Math.floor(limit * cutFactor));
          cutAt = now;
        }
      } else if (limit < maxLimit && since(cutAt) >= growEveryMs && since(grownAt) >= growEveryMs) {
        limit = Math.min(maxLimit, limit + Math.max(1, Math.ceil(maxLimit / 20)));
        grownAt = now;
      }
      if (limit !== row.current_limit || cutAt !== row.cut_at || grownAt !== row.grown_at) {
        await tx
          .updateTable("endpoint_limits")
          .set({ current_limit: limit, cut_at: cutAt, grown_at: grownAt })
          .where("endpoint", "=", report.endpoint)
          .execute();
      }

      const staleBefore = new Date(nowMs - staleMs).toISOString();
      const others = await tx
        .selectFrom("endpoint_grants")
        .select(["worker_id", "granted", "demand"])
        .where("endpoint", "=", report.endpoint)
        .where("worker_id", "!=", workerId)
        .where("heartbeat_at", ">", staleBefore)
        .execute();
      const fair = fairShare(limit, workerId, report.demand, others);
      const held = others.reduce((sum, o) => sum + o.granted, 0);
      const cap = Math.max(0, Math.min(fair, limit - held));
      // Calls already in flight stay counted until they end, even when the share shrinks.
      const granted = Math.max(cap, report.inFlight);
      await tx
        .insertInto("endpoint_grants")
        .values({
          endpoint: report.endpoint,
          worker_id: workerId,
          granted,
          demand: report.demand,
          heartbeat_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(["endpoint", "worker_id"])
            .doUpdateSet({ granted, demand: report.demand, heartbeat_at: now }),
        )
        .execute();
      return { cap, limit };
    });
  }

  return {
    async sync(reports) {
      const grants = new Map<string, EndpointGrant>();
      for (const report of reports) grants.set(report.endpoint, await syncOne(report));
      return grants;
    },
    async release(endpoints) {
      if (endpoints.length === 0) return;
      await db
        .deleteFrom("endpoint_grants")
        .where("worker_id", "=", workerId)
        .where("endpoint", "in", endpoints)
        .execute();
    },
  };
}

/**
 * This worker's fair part of `limit` among the workers with demand: first water-filling (none
 * gets more than it asks for while others want more), then what is left evenly. Remainders go
 * to the first workers by id, so every worker computes the same split.
 */
export function fairShare(
  limit: number,
  self: string,
  selfDemand: number,
  others: readonly { worker_id: string; demand: number }[],
): number {
  const workers = [{ worker_id: self, demand: selfDemand }, ...others]
    .filter((w) => w.demand > 0)
    .sort((a, b) => (a.worker_id < b.worker_id ? -1 : a.worker_id > b.worker_id ? 1 : 0));
  const share = new Map<string, number>();
  let left = limit;
  let open = workers;
  while (open.length > 0 && left > 0) {
    const each = Math.floor(left / open.length);
    const satisfied = open.filter((w) => w.demand - (share.get(w.worker_id) ?? 0) <= each);
    if (satisfied.length === 0) {
      // Nobody is satisfied by an equal split: split evenly, the remainder to the first ones.
      open.forEach((w, i) => {
        const extra = i < left - each * open.length ? 1 : 0;
        share.set(w.worker_id, (share.get(w.worker_id) ?? 0) + each + extra);
      });
      left = 0;
      break;
    }
    for (const w of satisfied) {
      const need = w.demand - (share.get(w.worker_id) ?? 0);
      share.set(w.worker_id, w.demand);
      left -= need;
    }
    open = open.filter((w) => !satisfied.includes(w));
  }
  // Capacity nobody asked for yet goes out evenly too: demand is sampled, and a worker whose
  // demand grows between two reports should not wait a round for slots nobody else wants.
  if (left > 0) {
    const each = Math.floor(left / workers.length);
    workers.forEach((w, i) => {
      const extra = i < left - each * workers.length ? 1 : 0;
      share.set(w.worker_id, (share.get(w.worker_id) ?? 0) + each + extra);
    });
  }
  return share.get(self) ?? 0;
}
