// Inspect AI (bench/peers/requirements.txt, in the virtualenv peer-install.ts makes) on the same
// prompts, the same endpoint and the same concurrency, as its users run it: a task file with the
// items as a JSONL dataset, `generate()` and the `match(numeric=True)` scorer (the last number of
// the answer against the target, as GSM8K tasks score), `inspect eval` on the `openai-api`
// provider (any OpenAI-compatible endpoint) with `--max-connections C`, which also caps the samples
// in flight. The log is Inspect's default (.eval); its header gives the accuracy afterwards.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exitError, measureCli } from "./cli-peer.ts";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { makeItems, toPeerJsonl } from "./fixture.ts";
import { offlineEnv, type PythonPeers } from "./peer-install.ts";
import type { RunResult } from "./result.ts";

const TASK = `from inspect_ai import Task, task
from inspect_ai.dataset import FieldSpec, json_dataset
from inspect_ai.scorer import match
from inspect_ai.solver import generate


@task
def arithmetic():
    return Task(
        dataset=json_dataset("items.jsonl", FieldSpec(input="question", target="answer", id="id")),
        solver=generate(),
        scorer=match(numeric=True),
    )
`;

interface LogHeader {
  status: string;
  error?: { message: string } | null;
  results?: {
    total_samples: number;
    completed_samples: number;
    scores: { metrics: Record<string, { value: number }> }[];
  };
}

export async function runInspect(
  fake: FakeEndpoint,
  concurrency: number,
  n: number,
  peers: PythonPeers,
  /** `--max-tokens`, and a time limit for the CLI (measureCli). */
  options: { maxTokens?: number; timeoutMs?: number } = {},
): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), "inspect-bench-"));
  try {
    writeFileSync(join(dir, "items.jsonl"), toPeerJsonl(makeItems(n)));
    writeFileSync(join(dir, "task.py"), TASK);
    const cli = [
      join(peers.bin, "inspect"),
      "eval",
      "task.py",
      "--model",
      "openai-api/fake/fake-model",
      "--max-connections",
      String(concurrency),
      "--log-dir",
      "logs",
      // Like promptfoo's --no-progress-bar: no live display to draw.
      "--display",
      "none",
      ...(options.maxTokens === undefined ? [] : ["--max-tokens", String(options.maxTokens)]),
    ];
    const m = await measureCli(
      fake,
      concurrency,
      n,
      cli,
      dir,
      {
        ...offlineEnv(dir),
        // openai-api/<name>/…: <NAME>_BASE_URL and <NAME>_API_KEY.
        FAKE_BASE_URL: fake.url,
        FAKE_API_KEY: "x",
      },
      options.timeoutMs,
    );
    const { code, output, notes, ...measured } = m;
    const errors: string[] = [];
    if (code !== 0) errors.push(exitError("inspect", m));
    const header = readHeader(peers, join(dir, "logs"));
    if (typeof header === "string") errors.push(header);
    else if (header.status !== "success")
      errors.push(`log status ${header.status}${header.error ? `: ${header.error.message}` : ""}`);
    const results = typeof header === "string" ? undefined : header.results;
    if (results && results.completed_samples !== n)
      errors.push(`${results.completed_samples} of ${n} samples completed`);
    const accuracy = results?.scores[0]?.metrics.accuracy?.value;
    return {
      ...measured,
      tool: `inspect-ai ${peers.versions["inspect-ai"]}`,
      kind: "inspect",
      accuracy: accuracy ?? null,
      errors,
      notes: ["writes its .eval log (default)", ...notes],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The header of the one log in `logs` (`inspect log dump --header-only`), or why there is none. */
function readHeader(peers: PythonPeers, logs: string): LogHeader | string {
  let files: string[];
  try {
    files = readdirSync(logs).filter((name) => name.endsWith(".eval"));
  } catch {
    files = [];
  }
  if (files.length !== 1) return `${files.length} .eval logs, expected 1`;
  const dump = spawnSync(
    join(peers.bin, "inspect"),
    ["log", "dump", "--header-only", join(logs, files[0] as string)],
    { encoding: "utf8", env: offlineEnv(logs), maxBuffer: 64 * 1024 * 1024 },
  );
  if (dump.status !== 0) return `inspect log dump failed: ${dump.stderr.trim().slice(0, 200)}`;
  return JSON.parse(dump.stdout) as LogHeader;
}
