/** What one execution of model-written code may use before it is stopped. */
export interface SandboxLimits {
  /** CPU seconds (RLIMIT_CPU): a busy loop is stopped by the kernel. */
  cpuSeconds: number;
  /** Wall-clock milliseconds: a sleeping or blocked program is killed by the service. */
  wallMs: number;
  /** Address space in bytes (RLIMIT_AS): an allocation past it fails with MemoryError. */
  memoryBytes: number;
  /** Processes and threads of the sandbox user (RLIMIT_NPROC): a fork bomb stops there. */
  processes: number;
  /** The private writable /tmp (tmpfs size). */
  tmpfsBytes: number;
  /** stdout and stderr together: past it the program is killed and the rest dropped. */
  outputBytes: number;
}

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  cpuSeconds: 10,
  wallMs: 20_000,
  memoryBytes: 512 * 1024 * 1024,
  processes: 32,
  tmpfsBytes: 16 * 1024 * 1024,
  outputBytes: 64 * 1024,
});

/** Why an execution ended. */
export type SandboxExit = "passed" | "failed" | "timeout" | "memory" | "output_limit" | "crashed";

export interface SandboxRun {
  exit: SandboxExit;
  /** The program's exit code, or null when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended it (SIGKILL, SIGXCPU…), or null. */
  signal: string | null;
  /** At most `outputBytes` between the two, decoded as UTF-8. */
  stdout: string;
  stderr: string;
  durationMs: number;
}
