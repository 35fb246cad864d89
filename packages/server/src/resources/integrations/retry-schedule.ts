/**
 * When a failed delivery is tried again: 30 s after the first failure, doubling each time up to
 * four hours between attempts, and never past a day after the event (then it is given up, as
 * `failed`). About fourteen attempts in all for a receiver that never answers.
 */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_INTERVAL_MS = 4 * 3600_000;
export const RETRY_WINDOW_MS = 24 * 3600_000;

/** The moment of the next attempt after `attempt` attempts failed, or null to give up. */
export function nextAttemptAt(attempt: number, eventCreatedAt: Date, now: Date): Date | null {
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1), MAX_RETRY_INTERVAL_MS);
  const next = now.getTime() + delay;
  return next > eventCreatedAt.getTime() + RETRY_WINDOW_MS ? null : new Date(next);
}
