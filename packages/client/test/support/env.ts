/** Every variable the SDK reads; tests start with all of them unset. */
export const SDK_ENV_VARS = [
  "SERVICE_API_KEY",
  "LAYERLENS_STRATIX_API_KEY",
  "LAYERLENS_ATLAS_API_KEY",
  "SERVICE_BASE_URL",
  "LAYERLENS_STRATIX_BASE_URL",
  "LAYERLENS_ATLAS_BASE_URL",
] as const;

/**
 * Unsets the SDK's variables and restores their previous values on dispose (`using env = …`), so
 * a developer's own SERVICE_API_KEY can neither leak into a test nor be lost by one.
 */
export function isolatedEnv(): Disposable & {
  set(vars: Partial<Record<(typeof SDK_ENV_VARS)[number], string>>): void;
} {
  const saved = new Map(SDK_ENV_VARS.map((name) => [name, process.env[name]]));
  for (const name of SDK_ENV_VARS) delete process.env[name];
  return {
    set(vars) {
      Object.assign(process.env, vars);
    },
    [Symbol.dispose]() {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
