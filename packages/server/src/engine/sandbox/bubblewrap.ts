import { spawn } from "node:child_process";
import { constants } from "node:os";
import type { SandboxExit, SandboxLimits, SandboxRun } from "./sandbox-limits.ts";

/**
 * Runs a Python program in a throwaway bubblewrap sandbox (Debian's `bubblewrap`; chosen because
 * it needs no daemon and no root, unlike Docker or nsjail's setuid builds, and is one package):
 *
 * - new mount, PID, network, IPC, UTS, cgroup and user namespaces (`--unshare-all`): no network
 *   at all, not even loopback to the service; the program sees only its own processes;
 * - a read-only /usr (the Python runtime) and nothing else of the host: no data directory,
 *   database, blob store or master key, a fresh /proc of its PID namespace and a minimal /dev;
 * - a private tmpfs of bounded size at /tmp, its working directory;
 * - an empty environment, for bubblewrap itself too (its process is PID 1 in the sandbox and its
 *   /proc/1/environ is readable there);
 * - RLIMIT_CPU, RLIMIT_AS, RLIMIT_NPROC and RLIMIT_FSIZE set by prlimit(1) before Python starts;
 *   the wall limit and the output limit are enforced here, by killing the process group.
 *
 * When bubblewrap's first process ends, the kernel kills everything left in its PID namespace, so
 * nothing the program spawned outlives it; `--die-with-parent` does the same if the service dies.
 * Run as root, the sandbox drops to `nobody` first: RLIMIT_NPROC does not bind root. The kernel
 * counts RLIMIT_NPROC per user namespace (Linux 5.14's ucounts), and each sandbox has its own, so
 * a fork bomb in one sandbox does not take processes from another (test/sandbox/hostile.test.ts).
 */
export interface BubblewrapOptions {
  /** The interpreter inside the sandbox (under /usr, which is all that is mounted). */
  python: string;
  bwrap: string;
  prlimit: string;
}

export const DEFAULT_BUBBLEWRAP: Readonly<BubblewrapOptions> = Object.freeze({
  python: "/usr/bin/python3",
  bwrap: "bwrap",
  prlimit: "/usr/bin/prlimit",
});

const NOBODY = 65534;

export function bubblewrapArgs(limits: SandboxLimits, options: BubblewrapOptions): string[] {
  // biome-ignore format: one flag and its values per line
  return [
    "--unshare-all",
    "--die-with-parent",
    "--new-session",
    "--ro-bind", "/usr", "/usr",
    "--symlink", "usr/lib", "/lib",
    "--symlink", "usr/lib64", "/lib64",
    "--symlink", "usr/bin", "/bin",
    "--proc", "/proc",
    "--dev", "/dev",
    "--size", String(limits.tmpfsBytes), "--tmpfs", "/tmp",
    "--chdir", "/tmp",
    "--clearenv",
    "--setenv", "PATH", "/usr/bin",
    "--setenv", "HOME", "/tmp",
    "--uid", String(NOBODY),
    "--gid", String(NOBODY),
    "--",
    options.prlimit,
    // SIGXCPU at the limit; SIGKILL a second later if the program ignores it.
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--as=${limits.memoryBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.tmpfsBytes}`,
    "--",
    options.python,
    // Isolated mode: no user site-packages, no PYTHON* variables; the program is read from stdin.
    "-I",
    "-",
  ];
}

/**
 * Runs `program` (Python source) in a fresh sandbox; never throws for what the program does. An
 * abort of `stop` kills it and rejects with the abort's reason once it is gone.
 */
export function runInBubblewrap(
  program: string,
  limits: SandboxLimits,
  options: BubblewrapOptions = DEFAULT_BUBBLEWRAP,
  stop?: AbortSignal,
): Promise<SandboxRun> {
  const started = performance.now();
  const root = process.getuid?.() === 0;
  const child = spawn(options.bwrap, bubblewrapArgs(limits, options), {
    env: {},
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
    ...(root ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let killedFor: SandboxExit | null = null;
  const kill = (reason: SandboxExit) => {
    killedFor ??= reason;
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  const wall = setTimeout(() => kill("timeout"), limits.wallMs);
  const abort = () => kill("crashed");
  stop?.addEventListener("abort", abort, { once: true });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let size = 0;
  const collect = (into: Buffer[]) => (chunk: Buffer) => {
    const room = limits.outputBytes - size;
    if (room > 0) into.push(chunk.subarray(0, room));
    size += chunk.length;
    if (size > limits.outputBytes) kill("output_limit");
  };
  child.stdout.on("data", collect(out));
  child.stderr.on("data", collect(err));
  // A program that exits without reading its stdin closes the pipe under us: not an error.
  child.stdin.on("error", () => {});
  child.stdin.end(program);

  return new Promise((resolve, reject) => {
    child.on("error", (error) => {
      clearTimeout(wall);
      stop?.removeEventListener("abort", abort);
      resolve({
        exit: "crashed",
        exitCode: null,
        signal: null,
        stdout: "",
        stderr: `the sandbox could not start: ${error.message}`,
        durationMs: performance.now() - started,
      });
    });
    child.on("close", (code) => {
      clearTimeout(wall);
      stop?.removeEventListener("abort", abort);
      if (stop?.aborted) {
        reject(stop.reason);
        return;
      }
      const stdout = Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      // bubblewrap passes on its program's status; a signal shows as 128 + its number.
      const signal = code !== null && code > 128 ? signalName(code - 128) : null;
      resolve({
        exit: killedFor ?? classify(code, signal, stderr),
        exitCode: signal === null ? code : null,
        signal,
        stdout,
        stderr,
        durationMs: performance.now() - started,
      });
    });
  });
}

function classify(code: number | null, signal: string | null, stderr: string): SandboxExit {
  if (signal === "SIGXCPU" || signal === "SIGKILL") return "timeout";
  if (signal !== null || code === null) return "crashed";
  if (code === 0) return "passed";
  return /^MemoryError\b/m.test(stderr) ? "memory" : "failed";
}

function signalName(number: number): string | null {
  const entry = Object.entries(constants.signals).find(([, value]) => value === number);
  return entry ? entry[0] : null;
}
