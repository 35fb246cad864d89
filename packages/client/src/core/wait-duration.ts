import { ServiceError } from "../errors.ts";

/**
 * Checks a waiting helper's `intervalMs` / `timeoutMs` before the first request: a number of
 * milliseconds ≥ 0 (Infinity only where it means "no limit").
 */
export function checkWaitDuration(name: string, ms: number, infiniteAllowed = false): void {
  const valid = ms >= 0 && (Number.isFinite(ms) || (infiniteAllowed && ms === Infinity));
  if (!valid) throw new ServiceError(`${name} must be a number of milliseconds ≥ 0, got ${ms}`);
}
