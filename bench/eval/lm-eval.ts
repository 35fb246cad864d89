// lm-evaluation-harness (bench/peers/requirements.txt, in the virtualenv peer-install.ts makes) on
// the same prompts, the same endpoint and the same concurrency, as its users run it: a YAML task in
// an --include_path (generate_until over a local JSON dataset, GSM8K's "strict-match" regex filter
// on `#### <number>`, the exact_match metric), `lm_eval` with the `local-chat-completions` model
// (any OpenAI-compatible chat endpoint, --apply_chat_template) and `num_concurrent=C`, results
// written with --output_path.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exitError, measureCli } from "./cli-peer.ts";
import type { FakeEndpoint } from "./fake-endpoint.ts";
import { makeItems, toPeerJsonl } from "./fixture.ts";
import { offlineEnv, type PythonPeers } from "./peer-install.ts";
import type { RunResult } from "./result.ts";

const TASK = "assay_bench_arithmetic";
const METRIC = "exact_match,strict-match";

/** The task; JSON is YAML, so no YAML writer is needed. */
function taskYaml(dataset: string, maxTokens: number | undefined): string {
  const task = {
    task: TASK,
    dataset_path: "json",
    dataset_kwargs: { data_files: { test: dataset } },
    test_split: "test",
    output_type: "generate_until",
    doc_to_text: "{{question}}",
    doc_to_target: "{{answer}}",
    generation_kwargs: {
      until: [],
      do_sample: false,
      temperature: 0,
      // Sent as `max_tokens`; lm-eval's default is 256.
      ...(maxTokens === undefined ? {} : { max_gen_toks: maxTokens }),
    },
    filter_list: [
      {
        name: "strict-match",
        filter: [
          { function: "regex", regex_pattern: "#### (\\-?[0-9\\.\\,]+)" },
          { function: "take_first" },
        ],
      },
    ],
    metric_list: [{ metric: "exact_match", aggregation: "mean", higher_is_better: true }],
    metadata: { version: 1 },
  };
  return JSON.stringify(task, null, 2);
}

interface Results {
  results: Record<string, Record<string, number | string>>;
  "n-samples"?: Record<string, { effective: number }>;
}

export async function runLmEval(
  fake: FakeEndpoint,
  concurrency: number,
  n: number,
  peers: PythonPeers,
  /** `max_gen_toks`, and a time limit for the CLI (measureCli). */
  options: { maxTokens?: number; timeoutMs?: number } = {},
): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), "lm-eval-bench-"));
  try {
    const dataset = join(dir, "items.jsonl");
    writeFileSync(dataset, toPeerJsonl(makeItems(n)));
    mkdirSync(join(dir, "tasks"));
    writeFileSync(join(dir, "tasks", `${TASK}.yaml`), taskYaml(dataset, options.maxTokens));
    const modelArgs = [
      "model=fake-model",
      `base_url=${fake.url}/chat/completions`,
      `num_concurrent=${concurrency}`,
    ].join(",");
    const cli = [
      join(peers.bin, "lm_eval"),
      "--model",
      "local-chat-completions",
      "--model_args",
      modelArgs,
      "--tasks",
      TASK,
      "--include_path",
      "tasks",
      "--apply_chat_template",
      "--output_path",
      "out",
    ];
    const m = await measureCli(fake, concurrency, n, cli, dir, offlineEnv(dir), options.timeoutMs);
    const { code, output, notes, ...measured } = m;
    const errors: string[] = [];
    if (code !== 0) errors.push(exitError("lm-eval", m));
    const results = readResults(join(dir, "out"));
    if (typeof results === "string") errors.push(results);
    const scored = typeof results === "string" ? undefined : results["n-samples"]?.[TASK];
    if (scored && scored.effective !== n) errors.push(`${scored.effective} of ${n} samples scored`);
    const accuracy = typeof results === "string" ? undefined : results.results[TASK]?.[METRIC];
    return {
      ...measured,
      tool: `lm-eval ${peers.versions["lm-eval"]}`,
      kind: "lm-eval",
      accuracy: typeof accuracy === "number" ? accuracy : null,
      errors,
      notes: ["writes its results JSON (--output_path)", ...notes],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The one results_*.json under `out` (lm-eval puts it in a folder named after the model). */
function readResults(out: string): Results | string {
  let files: string[];
  try {
    files = readdirSync(out, { recursive: true, encoding: "utf8" }).filter((path) =>
      /(^|\/)results_[^/]*\.json$/.test(path),
    );
  } catch {
    files = [];
  }
  if (files.length !== 1) return `${files.length} results files, expected 1`;
  return JSON.parse(readFileSync(join(out, files[0] as string), "utf8")) as Results;
}
