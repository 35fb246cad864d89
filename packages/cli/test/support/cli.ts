import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { APP_DIALECT, createTestDatabase, type TestDatabase } from "@assay/test-kit/databases.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { afterEach, beforeEach } from "vitest";

/** The real entry point, as `npm install -g` would run it. */
const ASSAY_BIN = fileURLToPath(new URL("../../bin/assay.js", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** How long a process may take to print its banner (PostgreSQL migrations included). */
const START_TIMEOUT_MS = 20_000;

export type CliEnv = Record<string, string>;

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** A running `assay` process: its output so far, and ways to wait for it. */
export interface CliProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in stdout; rejects if the process exits first. */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited, with everything it printed. */
  readonly exited: Promise<CliResult>;
  /** Sends `signal` (SIGTERM unless told) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<CliResult>;
}

const running = new Set<ChildProcess>();

/**
 * The environment of a child: nothing of the test runner's own (no DATABASE_URL, ASSAY_*, PORT
 * leaking in), only what a test passes, plus PATH/HOME for Node itself.
 */
function childEnv(env: CliEnv): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const name of ["PATH", "HOME", "TMPDIR", "LANG"]) {
    if (process.env[name] !== undefined) base[name] = process.env[name];
  }
  return { ...base, ...env };
}

export interface CliOptions {
  /** Options for node itself, before the entry point (e.g. `--import` a module hook). */
  nodeArgs?: string[];
  /** The working directory; the repository root unless given. */
  cwd?: string;
}

/** Starts `node packages/cli/bin/assay.js <args>` from the repository root. */
export function startCli(args: string[], env: CliEnv, options: CliOptions = {}): CliProcess {
  const child = spawn(
    process.execPath,
    [...WORKSPACE_NODE_FLAGS, ...(options.nodeArgs ?? []), ASSAY_BIN, ...args],
    {
      cwd: options.cwd ?? REPO_ROOT,
      env: childEnv(env),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<CliResult>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });

  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForStdout(pattern, timeoutMs = START_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        let done = false;
        const finish = (outcome: () => void) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          child.stdout?.off("data", check);
          outcome();
        };
        const check = () => {
          const match = stdout.match(pattern);
          if (match) finish(() => resolve(match));
        };
        const timer = setTimeout(
          () =>
            finish(() =>
              reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${stdout}\n${stderr}`)),
            ),
          timeoutMs,
        );
        child.stdout?.on("data", check);
        exited.then((result) => {
          check();
          finish(() =>
            reject(
              new Error(
                `assay ${args.join(" ")} exited (${result.code ?? result.signal}) before ` +
                  `printing ${pattern}:\n${result.stdout}\n${result.stderr}`,
              ),
            ),
          );
        }, reject);
        check();
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs a short command (`assay keys …`) to its end. */
export function runCli(args: string[], env: CliEnv, options: CliOptions = {}): Promise<CliResult> {
  return startCli(args, env, options).exited;
}

/** Kills whatever a failed test left running (afterEach), so no process outlives the run. */
export async function killRunning(): Promise<void> {
  const left = [...running];
  for (const child of left) child.kill("SIGKILL");
  await Promise.all(
    left.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise((resolve) => child.once("close", resolve))
        : undefined,
    ),
  );
}

/**
 * The configuration every process of one test shares: the test database's data dir and, on
 * PostgreSQL, its URL. `port` is free for a server to listen on.
 */
export async function serviceEnv(
  database: TestDatabase,
  extra: CliEnv = {},
): Promise<{ env: CliEnv; port: number; apiUrl: string }> {
  const port = await freePort();
  return {
    env: {
      ASSAY_DATA_DIR: database.dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...extra,
    },
    port,
    apiUrl: `http://127.0.0.1:${port}/api/v1`,
  };
}

/** Starts `assay serve` (or `serve --no-workers`) and waits until it listens. */
export async function startServer(args: string[], env: CliEnv): Promise<CliProcess> {
  const server = startCli(["serve", ...args], env);
  // The banner ends with the API key line(s); a generated key has a second line.
  const [, keyLine] = await server.waitForStdout(/\n {2}API keys? +(.*)\n/);
  if (keyLine?.startsWith("assay_")) await server.waitForStdout(/\n {12}shown once.*\n/);
  return server;
}

/** `GET /organizations` with `key`: the status and, on 200, the organization. */
export async function getOrganization(
  apiUrl: string,
  key: string,
): Promise<{ status: number; body: OrganizationBody }> {
  const response = await fetch(`${apiUrl}/organizations`, { headers: { "x-api-key": key } });
  return { status: response.status, body: (await response.json()) as OrganizationBody };
}

export interface OrganizationBody {
  status?: string;
  data?: { id: string; name: string; projects: { id: string; name: string }[] };
  error?: { message: string; code: string };
}

/**
 * Gives every test of the calling file a fresh database (and data dir) and stops the processes it
 * started afterwards. Returns a getter for the current test's database.
 */
export function useFreshDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeEach(async () => {
    database = await createTestDatabase(APP_DIALECT);
  });
  afterEach(async () => {
    await killRunning();
    await database?.drop();
  });
  return () => {
    if (!database)
      throw new Error("no test database: call useFreshDatabase() at the top of the file");
    return database;
  };
}
