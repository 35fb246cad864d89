// promptfoo (bench/peers, installed by peer-install.ts with `npm ci`) on the same prompts, the same
// endpoint and the same concurrency, timed as a user runs it: the whole CLI, start-up included.
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
import { join } from "node:path";
import { exitError, measureCli } from "./cli-peer.ts";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { makeItems, toPromptfooCsv } from "./fixture.ts";
import { PEERS } from "./peer-install.ts";
import type { RunResult } from "./result.ts";

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
  options: {
    write: boolean;
    /** Sent as `max_tokens` (promptfoo's default otherwise). */
    maxTokens?: number;
    /** Stop the CLI after this long (measureCli). */
    timeoutMs?: number;
  },
): Promise<RunResult> {
  const promptfoo = findPromptfoo();
  if (!promptfoo) throw new Error("promptfoo is not installed: npm ci --prefix bench/peers");
  const dir = mkdtempSync(join(tmpdir(), "promptfoo-bench-"));
  try {
    mkdirSync(join(dir, "config"));
    writeFileSync(join(dir, "tests.csv"), toPromptfooCsv(makeItems(n)));
    // JSON is YAML: no YAML writer needed.
    const config = {
      description: `assay bench L=${fake.latencyMs} C=${concurrency} N=${n}`,
      prompts: ["{{question}}"],
      providers: [
        {
          id: "openai:chat:fake",
          config: {
            apiBaseUrl: fake.url,
            apiKey: "x",
            ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
          },
        },
      ],
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
    const m = await measureCli(
      fake,
      concurrency,
      n,
      cli,
      dir,
      {
        ...process.env,
        PROMPTFOO_DISABLE_TELEMETRY: "1",
        PROMPTFOO_DISABLE_UPDATE: "1",
        PROMPTFOO_CONFIG_DIR: join(dir, "config"),
        OPENAI_API_KEY: "x",
      },
      options.timeoutMs,
    );
    const { code, output, notes, ...measured } = m;

    const count = (word: string) => {
      const match = new RegExp(`(\\d[\\d,]*) ${word}`).exec(output);
      return match ? Number(match[1]?.replaceAll(",", "")) : undefined;
    };
    const passed = count("passed");
    const failed = count("failed");
    const errored = count("errors") ?? 0;
    const errors: string[] = [];
    // 100: some tests failed, which is expected (25 % are wrong).
    if (code !== 0 && code !== 100) errors.push(exitError("promptfoo", m));
    if (errored > 0) errors.push(`${errored} errors`);
    const total = (passed ?? 0) + (failed ?? 0) + errored;
    return {
      ...measured,
      tool: `promptfoo ${promptfoo.version}${options.write ? "" : " --no-write"}`,
      kind: "promptfoo",
      accuracy: passed === undefined || total === 0 ? null : passed / total,
      errors,
      notes: [options.write ? "writes its results DB (default)" : "--no-write", ...notes],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
