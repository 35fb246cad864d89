import { openSandbox, type SandboxOptions, SandboxUnavailableError } from "./sandbox.ts";

/**
 * Whether this machine can make a code sandbox, asked once (a sandboxed `print`) and remembered:
 * the API refuses to create a code benchmark or a run of one where it cannot, rather than letting
 * the run fail later (and never runs code without one).
 */
export interface SandboxStatus {
  /** Null when code can run here; else what is missing, in words. */
  unavailable(): Promise<string | null>;
}

export function createSandboxStatus(options: SandboxOptions = {}): SandboxStatus {
  let status: Promise<string | null> | undefined;
  return {
    unavailable() {
      status ??= openSandbox({ ...options, concurrency: 1 }).then(
        () => null,
        (error: unknown) => {
          if (error instanceof SandboxUnavailableError) return error.message;
          throw error;
        },
      );
      return status;
    },
  };
}
