import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "./free-port.ts";

const SCRIPT = fileURLToPath(new URL("../../../scripts/local-model.sh", import.meta.url));

/** What `scripts/local-model.sh --print-paths` answers: the build, the model, how to serve it. */
interface LocalModelPaths {
  server: string;
  model: string;
  /** llama-server's arguments but --port, exactly as the script serves the model. */
  args: string[];
}

/** A llama-server of the cached local build, serving SmolLM2-135M on a free port of 127.0.0.1. */
export interface LocalModel extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/v1`, what `assay models create --api-url` takes. */
  url: string;
  /** `127.0.0.1:<port>`, for ALLOWED_MODEL_HOSTS. */
  host: string;
  /** From spawn to a healthy server. */
  loadMs: number;
  /** llama-server's process id (its CPU, for benches). */
  pid: number;
  close(): Promise<void>;
}

/**
 * The test asks the script where the build is rather than reading an environment variable:
 * the script is the one place that knows the cache and the serving flags, so a developer's
 * `npx vitest run` finds the same build `scripts/test.sh` made. The script does not build
 * here (a build takes minutes, longer than a hook may); unbuilt, it fails with the command to
 * run, and so does the test: it never passes without the real model.
 */
async function localModelPaths(): Promise<LocalModelPaths> {
  try {
    const { stdout } = await promisify(execFile)(SCRIPT, ["--print-paths"]);
    return JSON.parse(stdout) as LocalModelPaths;
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`scripts/local-model.sh --print-paths failed: ${stderr || String(error)}`);
  }
}

export interface LocalModelOptions {
  /** How long the model may take to load. */
  timeoutMs?: number;
  /**
   * Parallel slots (`--parallel`), each with the script's context size: tests keep the script's
   * one slot (deterministic answers); the real-model bench serves several at once.
   */
  slots?: number;
  /** More llama-server arguments, e.g. `--metrics`. */
  extraArgs?: string[];
}

/** Starts llama-server and waits until /health answers 200 (the model is loaded). */
export async function startLocalModel(options: LocalModelOptions = {}): Promise<LocalModel> {
  const { timeoutMs = 60_000, slots = 1, extraArgs = [] } = options;
  const paths = await localModelPaths();
  const port = await freePort();
  const started = performance.now();
  const args = withSlots(paths.args, slots);
  const child = spawn(paths.server, [...args, ...extraArgs, "--port", String(port)], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  // The end of its log, for the error when it does not come up.
  let log = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  let failed: Error | undefined;
  child.once("error", (error) => {
    failed = error;
  });
  // "close" comes after "exit", and also after a spawn that failed.
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (failed) throw new Error(`llama-server did not start: ${failed.message}`);
    if (child.exitCode !== null)
      throw new Error(`llama-server exited (${child.exitCode}):\n${log}`);
    const health = await fetch(`${origin}/health`).catch(() => undefined);
    if (health?.status === 200) break;
    if (Date.now() > deadline) {
      await close();
      throw new Error(`llama-server not healthy after ${timeoutMs} ms:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `${origin}/v1`,
    host: `127.0.0.1:${port}`,
    loadMs: performance.now() - started,
    pid: child.pid as number,
    close,
    [Symbol.asyncDispose]: close,
  };
}

/** The script's arguments with `slots` parallel slots, each keeping the script's context size. */
function withSlots(args: readonly string[], slots: number): string[] {
  if (slots === 1) return [...args];
  const out = [...args];
  const set = (flag: string, value: (old: number) => number) => {
    const at = out.indexOf(flag);
    if (at < 0 || at + 1 >= out.length) throw new Error(`local-model.sh args lack ${flag}`);
    out[at + 1] = String(value(Number(out[at + 1])));
  };
  set("--parallel", () => slots);
  // llama-server splits -c among its slots.
  set("-c", (context) => context * slots);
  return out;
}
