import { availableParallelism } from "node:os";
import { type BubblewrapOptions, DEFAULT_BUBBLEWRAP, runInBubblewrap } from "./bubblewrap.ts";
import { DEFAULT_SANDBOX_LIMITS, type SandboxLimits, type SandboxRun } from "./sandbox-limits.ts";

/**
 * The code sandbox as the scorers see it: `run(program)` in a fresh bubblewrap sandbox, at most
 * `concurrency` at once (each is a child process, so the event loop only waits on pipes; the
 * bound keeps executions from taking every core from the API). Made by `openSandbox`, which
 * refuses with what is missing when no sandbox can be made here: nothing ever runs unsandboxed.
 */
export interface Sandbox {
  /**
   * Runs `program` once a slot is free. An abort of `signal` (the run was cancelled or ended)
   * takes it out of the queue, or kills it, and rejects with the signal's reason.
   */
  run(program: string, limits?: Partial<SandboxLimits>, signal?: AbortSignal): Promise<SandboxRun>;
}

export class SandboxUnavailableError extends Error {
  override name = "SandboxUnavailableError";
}

export interface SandboxOptions {
  concurrency?: number;
  limits?: Partial<SandboxLimits>;
  bubblewrap?: Partial<BubblewrapOptions>;
}

export async function openSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const bubblewrap = { ...DEFAULT_BUBBLEWRAP, ...options.bubblewrap };
  const defaults = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  if (process.platform !== "linux")
    throw new SandboxUnavailableError(
      `code runs only in a Linux sandbox (bubblewrap); this is ${process.platform}`,
    );
  const probe = await runInBubblewrap("print(6 * 7)", defaults, bubblewrap);
  if (probe.exit !== "passed" || probe.stdout.trim() !== "42")
    throw new SandboxUnavailableError(
      "cannot make a code sandbox: bubblewrap (Debian package `bubblewrap`), user namespaces " +
        `and ${bubblewrap.python} are needed; the probe said: ${probe.stderr.trim().slice(0, 300)}`,
    );
  const slots = bounded(options.concurrency ?? availableParallelism());
  return {
    run: (program, limits, signal) =>
      slots(() => {
        signal?.throwIfAborted();
        return runInBubblewrap(program, { ...defaults, ...limits }, bubblewrap, signal);
      }),
  };
}

/** `sandbox`, its executions stopped by `signal` (a run's stop) unless given their own. */
export function stoppedBy(sandbox: Sandbox, signal: AbortSignal): Sandbox {
  return { run: (program, limits, own) => sandbox.run(program, limits, own ?? signal) };
}

/** At most `size` tasks at once, the others queued in order. */
function bounded(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
