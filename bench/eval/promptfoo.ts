// promptfoo (installed in bench/peers: `npm install --prefix bench/peers`) on the same prompts, the
// same endpoint and the same concurrency, timed as a user runs it: the whole CLI, start-up included.
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { sampleRequests } from "./fake-endpoint.ts";
import { makeItems, toPromptfooCsv } from "./fixture.ts";
import { startLoadMeter } from "./proc.ts";
import type { RunResult } from "./result.ts";

const PEERS = resolve(import.meta.dirname, "../peers");
const TIME = "/usr/bin/time";

/** The installed promptfoo: its version and CLI entry, or undefined when bench/peers is not installed. */
export function findPromptfoo(): { version: string; entry: string } | undefined {
  const bin = join(PEERS, "node_modules/.bin/promptfoo");
  const manifest = join(PEERS, "node_modules/promptfoo/package.json");
  if (!existsSync(bin) || !existsSync(manifest)) return undefined;
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version: string };
  return { version, entry: realpathSync(bin) };
}

export async function runPromptfoo(
  fake: FakeEndpoint,
  concurrency: number,
  n: number,
  options: { write: boolean },
): Promise<RunResult> {
  const promptfoo = findPromptfoo();
  if (!promptfoo) throw new Error("promptfoo is not installed: npm install --prefix bench/peers");
  const dir = mkdtempSync(join(tmpdir(), "promptfoo-bench-"));
  try {
    mkdirSync(join(dir, "config"));
    writeFileSync(join(dir, "tests.csv"), toPromptfooCsv(makeItems(n)));
    // JSON is YAML: no YAML writer needed.
    const config = {
      description: `assay bench L=${fake.latencyMs} C=${concurrency} N=${n}`,
      prompts: ["{{question}}"],
      providers: [{ id: "openai:chat:fake", config: { apiBaseUrl: fake.url, apiKey: "x" } }],
      defaultTest: { assert: [{ type: "contains", value: "#### {{answer}}" }] },
      tests: "file://tests.csv",
    };
    writeFileSync(join(dir, "cfg.yaml"), JSON.stringify(config, null, 2));
    const cli = [
      process.execPath,
      promptfoo.entry,
      "eval",
      "-c",
      "cfg.yaml",
      "-j",
      String(concurrency),
      "--no-cache",
      "--no-table",
      "--no-progress-bar",
      ...(options.write ? [] : ["--no-write"]),
    ];
    const timed = existsSync(TIME);
    const command = timed ? [TIME, "-f", "BENCH_TIME %e %U %S %M", ...cli] : cli;

    await fake.reset();
    const endpointBefore = fake.cpuSeconds();
    const timeline = sampleRequests(fake);
    const load = startLoadMeter();
    const started = performance.now();
    const { code, output } = await run(command, dir, {
      ...process.env,
      PROMPTFOO_DISABLE_TELEMETRY: "1",
      PROMPTFOO_DISABLE_UPDATE: "1",
      PROMPTFOO_CONFIG_DIR: join(dir, "config"),
      OPENAI_API_KEY: "x",
    });
    const wallS = (performance.now() - started) / 1000;
    const endpointCpuS = fake.cpuSeconds() - endpointBefore;
    const time = /BENCH_TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(output);
    const cpuS = time ? Number(time[2]) + Number(time[3]) : Number.NaN;
    const otherCores = load.otherCores((Number.isNaN(cpuS) ? 0 : cpuS) + endpointCpuS, wallS);
    const steady = await timeline.stop(n);
    const endpoint = await fake.stats();

    const count = (word: string) => {
      const match = new RegExp(`(\\d[\\d,]*) ${word}`).exec(output);
      return match ? Number(match[1]?.replaceAll(",", "")) : undefined;
    };
    const passed = count("passed");
    const failed = count("failed");
    const errored = count("errors") ?? 0;
    const errors: string[] = [];
    // 100: some tests failed, which is expected (25 % are wrong).
    if (code !== 0 && code !== 100) {
      const log = join(
        tmpdir(),
        `promptfoo-bench-L${fake.latencyMs}-C${concurrency}-exit-${code}.log`,
      );
      writeFileSync(log, output);
      const first = output.split("\n").find((line) => /error/i.test(line)) ?? "";
      errors.push(`exit code ${code} (${first.trim().slice(0, 120)}; output in ${log})`);
    }
    if (errored > 0) errors.push(`${errored} errors`);
    const total = (passed ?? 0) + (failed ?? 0) + errored;
    return {
      tool: `promptfoo ${promptfoo.version}${options.write ? "" : " --no-write"}`,
      kind: "promptfoo",
      latencyMs: fake.latencyMs,
      concurrency,
      n,
      wallS,
      steadyPerS: steady?.perSecond ?? null,
      meanInFlight: steady?.meanInFlight ?? null,
      cpuS,
      endpointCpuS,
      otherCores,
      peakRssMb: time ? Number(time[4]) / 1024 : Number.NaN,
      accuracy: passed === undefined || total === 0 ? null : passed / total,
      endpoint,
      mustReachConcurrency: false,
      errors,
      notes: [
        options.write ? "writes its results DB (default)" : "--no-write",
        ...(timed ? [] : [`${TIME} missing: no CPU or RSS`]),
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(
  command: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const [file, ...args] = command as [string, ...string[]];
    const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolvePromise({ code, output }));
  });
}
