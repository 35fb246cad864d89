// Evaluation against a real model server: Assay beside a direct load generator (the floor) and its
// peers (promptfoo, Inspect AI, lm-eval), one after another in one run, each on the same prompts
// at the same concurrency against the same llama-server.
//
// The server is scripts/local-model.sh's: llama.cpp's llama-server with SmolLM2-135M-Instruct on
// this machine's CPU, here with S parallel slots (continuous batching), `--ignore-eos` (every
// answer exactly max_tokens long, so every tool asks for the same work) and `--metrics`
// (bench/real-model/llama-endpoint.ts). Every tool reaches it through the same counting proxy
// (counting-proxy.ts), which checks N requests, at most C in flight and N × max_tokens tokens.
//
// The floor is the lean runner (bench/eval/lean-runner.ts): C lanes over one undici pool, nothing
// stored, timed from its first request. Assay runs as deployed (`assay serve`, workers in the
// process, SQLite; bench/eval/assay.ts), timed from the evaluation's POST until the API reports
// `success`. The peers run as users run them, start-up included (bench/eval/{promptfoo,inspect,
// lm-eval}.ts). The floor and Assay alternate ROUNDS times, so a drift in the machine's speed
// falls on both; Assay's figure is its mean prompts/s over the floors' mean. The machine's speed
// drifts by ±10 % over minutes here, so the table also gives each run's share of the slots' time
// the server spent generating (its own counters), which does not move with it.
//
// The server needs the local build once (scripts/local-model.sh --build-only: minutes).
//
//   npm run bench:real-model                               S 4, C 4, N 160, max_tokens 32, 3 rounds
//   BENCH_REAL_TOOLS=floor,assay npm run bench:real-model  only some of floor,assay,promptfoo,inspect,lm-eval
//
// Other knobs: BENCH_REAL_SLOTS (4), BENCH_REAL_CONCURRENCY (the slots), BENCH_REAL_N (160),
// BENCH_REAL_MAX_TOKENS (32), BENCH_REAL_ROUNDS (3), BENCH_REAL_THREADS (the script's: the cores,
// at most 4). A peer is stopped after 10 minutes.
import { loadavg } from "node:os";
import { runAssay } from "./eval/assay.ts";
import { roundUp4 } from "./eval/fixture.ts";
import { runFloor } from "./eval/floor.ts";
import { runPeers } from "./eval/peer-runs.ts";
import type { RunResult } from "./eval/result.ts";
import { startLlamaEndpoint } from "./real-model/llama-endpoint.ts";
import {
  meanOf,
  missingRow,
  type RealModelRow,
  realModelRow,
  realModelTable,
} from "./real-model/report.ts";

const env = process.env;
const SLOTS = Number(env.BENCH_REAL_SLOTS ?? 4);
const CONCURRENCY = Number(env.BENCH_REAL_CONCURRENCY ?? SLOTS);
const N = roundUp4(Number(env.BENCH_REAL_N ?? 160));
const MAX_TOKENS = Number(env.BENCH_REAL_MAX_TOKENS ?? 32);
const ROUNDS = Number(env.BENCH_REAL_ROUNDS ?? 3);
const THREADS = env.BENCH_REAL_THREADS ? Number(env.BENCH_REAL_THREADS) : undefined;
const TOOLS = new Set((env.BENCH_REAL_TOOLS ?? "floor,assay,promptfoo,inspect,lm-eval").split(","));
const PEER_TIMEOUT_MS = 10 * 60_000;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

const endpoint = await startLlamaEndpoint({ slots: SLOTS, threads: THREADS });
console.log(
  `llama-server: SmolLM2-135M-Instruct Q4_1, ${SLOTS} slots, loaded in ${Math.round(endpoint.loadMs)} ms; ` +
    `C ${CONCURRENCY}, N ${N}, max_tokens ${MAX_TOKENS} (--ignore-eos); load average ${load()}`,
);

const rows: RealModelRow[] = [];
const measure = async (tool: string, kind: RunResult["kind"], run: () => Promise<RunResult>) => {
  try {
    const before = await endpoint.counters();
    const result = await run();
    const after = await endpoint.counters();
    const row = realModelRow(
      result,
      { before, after },
      {
        maxTokens: MAX_TOKENS,
        slots: SLOTS,
      },
    );
    rows.push(row);
    console.log(
      `== ${row.tool}: ${row.wallS.toFixed(1)} s, ${row.promptsPerS.toFixed(3)} prompts/s, ` +
        `${row.tokensPerS.toFixed(1)} generated tok/s, CPU ${row.toolCpuS.toFixed(2)} s, ` +
        `other load ${row.otherCores.toFixed(2)} cores` +
        (row.problems.length ? `; ${row.problems.join("; ")}` : ""),
    );
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    rows.push(missingRow(tool, kind, N, reason));
    console.log(`== ${tool}: could not run (${reason})`);
  }
};

try {
  // The server's first calls are slower (pages of the model still cold): one unreported pass.
  await runFloor(endpoint, CONCURRENCY, roundUp4(2 * CONCURRENCY), MAX_TOKENS);
  for (let round = 1; round <= ROUNDS; round += 1) {
    if (TOOLS.has("floor"))
      await measure("floor", "floor", () => runFloor(endpoint, CONCURRENCY, N, MAX_TOKENS));
    if (TOOLS.has("assay"))
      await measure("assay", "assay", () =>
        runAssay(endpoint, CONCURRENCY, N, {
          jobs: 4,
          chunk: 1000,
          warmup: false,
          probe: false,
          maxTokens: MAX_TOKENS,
        }),
      );
  }
  await runPeers(
    endpoint,
    {
      peers: TOOLS,
      concurrency: CONCURRENCY,
      n: N,
      maxTokens: MAX_TOKENS,
      timeoutMs: PEER_TIMEOUT_MS,
    },
    {
      run: (kind, label, measured) => measure(label, kind, measured),
      missing: (kind, reason) => {
        rows.push(missingRow(kind, kind, N, reason));
      },
    },
  );
} finally {
  await endpoint.close();
}

const times = (figure: "promptsPerS" | "busyShare") => {
  const ratio = meanOf(rows, "assay", figure) / meanOf(rows, "floor", figure);
  return Number.isNaN(ratio) ? "–" : `${ratio.toFixed(3)}×`;
};
console.log(
  `\nAgainst llama-server (${SLOTS} slots, C ${CONCURRENCY}, N ${N}, max_tokens ${MAX_TOKENS}). ` +
    `Assay ${times("promptsPerS")} the floor's prompts/s (target ≥ 0.95) and ${times("busyShare")} its ` +
    `slots' busy share, means of ${ROUNDS} rounds each. Load average after: ${load()}\n`,
);
console.log(realModelTable(rows));
