import { createHash } from "node:crypto";
import { AppError, badRequest } from "../../app-error.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import { createIdempotencyRepository } from "./repository.ts";

/** How long a first answer is kept for repeats: a day, as Stripe keeps them. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

/**
 * How long a claim without an answer holds its key: longer than any request may run (the
 * service ends a request after 120 s), so only a process that died leaves one to take over.
 */
const LEASE_MS = 10 * 60_000;

/** Keys are the client's: a UUID from the SDKs, any printable text up to 255 characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export type IdempotentStart =
  /** Run the request, then `complete` (or `release` when it fails). */
  | { kind: "run"; key: string }
  /** The first request's answer, to send again. */
  | { kind: "replay"; statusCode: number; body: unknown };

/**
 * `Idempotency-Key` on POSTs, as Stripe has it: the first request with a key runs and its 2xx
 * answer is kept; a repeat with the same key and the same request gets that answer again (and
 * never creates a second resource); the same key with another request is refused; a repeat while
 * the first still runs is told to wait. A request that fails gives its key back, so a retry runs.
 */
export function createIdempotencyService(deps: { db: Database; clock: Clock }) {
  const repo = createIdempotencyRepository(deps.db);
  const iso = (ms: number) => new Date(ms).toISOString();

  async function start(
    organizationId: string,
    key: string,
    request: { method: string; path: string; body: unknown },
  ): Promise<IdempotentStart> {
    if (!KEY_PATTERN.test(key))
      throw badRequest(
        "headers.idempotency-key",
        "must be 1 to 255 printable ASCII characters (a UUID, say)",
      );
    const fingerprint = createHash("sha256")
      .update(`${request.method} ${request.path}\0${JSON.stringify(request.body ?? null)}`)
      .digest("base64url");
    const now = deps.clock.now().getTime();
    const claimed = await repo.claim({
      organization_id: organizationId,
      key,
      fingerprint,
      status_code: null,
      response: null,
      locked_until: iso(now + LEASE_MS),
      created_at: iso(now),
    });
    if (claimed) return { kind: "run", key };

    const held = await repo.find(organizationId, key);
    // Claimed and forgotten between the two statements: a repeat too late to matter.
    if (!held) return start(organizationId, key, request);
    if (held.fingerprint !== fingerprint)
      throw new AppError(
        "CONFLICT",
        "this Idempotency-Key was used for another request; use a new key for a new request",
        { details: [{ field: "headers.idempotency-key", message: "used for another request" }] },
      );
    if (held.status_code !== null && held.response !== null)
      return { kind: "replay", statusCode: held.status_code, body: JSON.parse(held.response) };
    if (await repo.takeOver(organizationId, key, iso(now), iso(now + LEASE_MS)))
      return { kind: "run", key };
    const waitSeconds = Math.max(1, Math.ceil((Date.parse(held.locked_until) - now) / 1000));
    throw new AppError(
      "CONFLICT",
      "a request with this Idempotency-Key is still running; retry when it has answered",
      { retryAfterSeconds: Math.min(waitSeconds, 60) },
    );
  }

  return {
    start,

    complete: (organizationId: string, key: string, statusCode: number, body: unknown) =>
      repo.complete(organizationId, key, statusCode, JSON.stringify(body ?? null)),

    release: (organizationId: string, key: string) => repo.release(organizationId, key),

    /** Forgets answers older than a day (housekeeping). */
    removeExpired: () => repo.removeOlderThan(iso(deps.clock.now().getTime() - IDEMPOTENCY_TTL_MS)),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
