/**
 * The only place the SDK reads environment variables. Browsers have no `process`, so it is reached
 * through `globalThis` with a local minimal type: this package must type-check without Node types.
 */

interface ProcessLike {
  env?: Record<string, string | undefined>;
}

/** Newest name first; the `LAYERLENS_*` names keep scripts written for the original SDK working. */
export const API_KEY_ENV_VARS = [
  "SERVICE_API_KEY",
  "LAYERLENS_STRATIX_API_KEY",
  "LAYERLENS_ATLAS_API_KEY",
] as const;

export const BASE_URL_ENV_VARS = [
  "SERVICE_BASE_URL",
  "LAYERLENS_STRATIX_BASE_URL",
  "LAYERLENS_ATLAS_BASE_URL",
] as const;

export const DEFAULT_BASE_URL = "http://localhost:8080/api/v1";

/** A variable's trimmed value; unset, empty and blank all count as absent. */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: ProcessLike }).process?.env;
  return present(env?.[name]);
}

/** The first present value: the explicit option, then the variables in order. */
export function firstPresent(
  explicit: string | undefined,
  names: readonly string[],
): string | undefined {
  const value = present(explicit);
  if (value !== undefined) return value;
  for (const name of names) {
    const fromEnv = readEnv(name);
    if (fromEnv !== undefined) return fromEnv;
  }
  return undefined;
}

function present(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === "" ? undefined : trimmed;
}
