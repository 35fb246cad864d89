import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The `assay` command, as users start it. */
export const ASSAY_BIN = resolve(import.meta.dirname, "../../packages/cli/bin/assay.js");

/**
 * The node flags the `assay` command's shebang sets (source condition, memory tuning): the bench
 * starts node itself (to add its probes), so it reads them from there to measure the service as
 * users run it.
 */
export function assayNodeFlags(): string[] {
  return shebangWords().filter((word) => word.startsWith("--"));
}

/** The environment the shebang sets (`NAME=value` words, malloc tuning), likewise. */
export function assayNodeEnv(): Record<string, string> {
  const assignments = shebangWords().filter((word) => /^[A-Z_]+=/.test(word));
  return Object.fromEntries(assignments.map((word) => word.split("=", 2) as [string, string]));
}

function shebangWords(): string[] {
  return (readFileSync(ASSAY_BIN, "utf8").split("\n", 1)[0] ?? "").split(/\s+/);
}

/**
 * `assay serve --no-workers` as users run it (the shebang's flags and environment), on a data dir
 * and DATABASE_URL when given, with the bootstrap key and no rate limit; resolves once it listens.
 */
export function startAssayServe(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  apiKey: string;
  /** More node flags, e.g. a CPU profile's. */
  nodeFlags?: string[];
}): Promise<ChildProcess> {
  return startProcess(
    [...assayNodeFlags(), ...(options.nodeFlags ?? []), ASSAY_BIN, "serve", "--no-workers"],
    {
      ...process.env,
      ...assayNodeEnv(),
      PORT: String(options.port),
      HOST: "127.0.0.1",
      ASSAY_DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ASSAY_BOOTSTRAP_API_KEY: options.apiKey,
      ASSAY_RATE_LIMIT_ENABLED: "false",
      LOG_LEVEL: "warn",
    },
    "listening on",
  );
}

/** Starts a Node process and resolves once its stdout shows `ready` (a substring). */
export function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        // Keep draining: a full stdout pipe would block the server mid-benchmark.
        child.stdout?.removeListener("data", onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // After the command name: utime and stime are fields 14 and 15 of stat, in clock ticks (100/s).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
