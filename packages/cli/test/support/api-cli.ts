import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { afterAll, beforeAll } from "vitest";
import { type CliEnv, type CliResult, runCli } from "./cli.ts";

/**
 * User commands (`assay models …`, `assay benchmarks …`) talk to a service over HTTP: one real
 * service for the whole test file, and the CLI spawned with its URL and key in the environment.
 */

const ASSAY_BIN = fileURLToPath(new URL("../../bin/assay.js", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/**
 * Starts one service before the file's tests and closes it after them. Custom models may point
 * at 127.0.0.1 (the outbound policy refuses loopback addresses unless allow-listed). With
 * `workers`, it runs background jobs too (evaluations need them); `env` adds to its configuration.
 */
export function useTestService(
  options: { workers?: boolean; env?: Record<string, string> } = {},
): () => TestService {
  let service: TestService | undefined;
  beforeAll(async () => {
    service = await startTestService({
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ...options.env },
      workers: options.workers,
    });
  });
  afterAll(async () => {
    await service?.close();
  });
  return () => {
    if (!service) throw new Error("no test service: call useTestService() at the top of the file");
    return service;
  };
}

/** The variables a user sets to reach a service: its API key and base URL. */
export function apiEnv(service: TestService, extra: CliEnv = {}): CliEnv {
  return { SERVICE_API_KEY: service.apiKey, SERVICE_BASE_URL: service.apiUrl, ...extra };
}

/** Runs `assay <args>` against `service`. */
export function runApiCli(
  service: TestService,
  args: string[],
  extra: CliEnv = {},
): Promise<CliResult> {
  return runCli(args, apiEnv(service, extra));
}

/**
 * Runs `assay <args>` with `input` on its stdin (`runCli` gives children no stdin). The child
 * sees only `env` plus PATH and HOME, and is killed if it outlives `timeoutMs`.
 */
export function runCliWithInput(
  args: string[],
  env: CliEnv,
  input: string,
  timeoutMs = 20_000,
): Promise<CliResult> {
  const child = spawn(process.execPath, [...WORKSPACE_NODE_FLAGS, ASSAY_BIN, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["pipe", "pipe", "pipe"],
    timeout: timeoutMs,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
