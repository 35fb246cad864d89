// Evaluation under a provider's quota: Assay and its peers (promptfoo, Inspect AI, lm-eval), one
// after another in one run, each against the same OpenAI-style quota from full buckets
// (bench/quota/quota-server.ts: RPM and TPM token buckets, `x-ratelimit-*` headers on every answer,
// 429 + `retry-after` when short, lognormal latencies with p99 ≈ 8 × the median).
//
// The quota sets the pace: both buckets start with a minute's allowance and refill at limit/60 per
// second, so N prompts costing c tokens each need at least (N·c − TPM) / (TPM/60) seconds — and
// (N − RPM) / (RPM/60) for the requests, which is less here. N is chosen so that this minimum is
// BENCH_QUOTA_SECONDS: N = TPM · (1 + S/60) / c. With the defaults (RPM 600, TPM 34,000,
// max_tokens 64 and the fixture's prompts at ~26 tokens, so c ≈ 90.3 tokens), S = 60 gives
// N = 756: 756 · 90.3 ≈ 68,000 tokens = twice the bucket, so 60 s once the first minute's
// allowance is spent (the requests: (756 − 600) / 10 = 15.6 s). Each row's minimum is recomputed
// from the tokens and requests the endpoint charged that tool (its prompt template, max_tokens).
//
// Assay runs as deployed (`assay serve`, workers in the process, SQLite; bench/eval/assay.ts) with a
// custom model on the endpoint; the peers through their CLIs and OpenAI-compatible providers
// (bench/eval/{promptfoo,inspect,lm-eval}.ts), installed on first use (peer-install.ts), each
// sending max_tokens 64 like Assay. Every tool gets the same concurrency C (default 32, far above
// the ~3 calls in flight the quota's pace needs) and its own default retry policy. A peer that
// cannot be installed or run is reported as such; the bench does not fail for it.
//
//   npm run bench:quota                               the full run (S = 60, about 6 minutes)
//   BENCH_QUOTA_SECONDS=20 npm run bench:quota        a quick one
//   BENCH_QUOTA_TOOLS=assay npm run bench:quota       only some of assay,promptfoo,inspect,lm-eval
//
// Other knobs: BENCH_QUOTA_RPM, BENCH_QUOTA_TPM, BENCH_QUOTA_MEDIAN_MS (default 500),
// BENCH_QUOTA_CONCURRENCY (32), BENCH_QUOTA_SEED (1). A peer is stopped after 5 × the minimum
// plus 2 minutes.
import { loadavg } from "node:os";
import { runAssay } from "./eval/assay.ts";
import { makeItems, roundUp4 } from "./eval/fixture.ts";
import { runPeers } from "./eval/peer-runs.ts";
import type { RunResult } from "./eval/result.ts";
import { startQuotaEndpoint } from "./quota/quota-endpoint.ts";
import {
  missingRow,
  type QuotaRow,
  quotaMinimumSeconds,
  quotaRow,
  quotaTable,
} from "./quota/report.ts";

const env = process.env;
const SECONDS = Number(env.BENCH_QUOTA_SECONDS ?? 60);
const LIMITS = {
  requestsPerMinute: Number(env.BENCH_QUOTA_RPM ?? 600),
  tokensPerMinute: Number(env.BENCH_QUOTA_TPM ?? 34_000),
};
const MEDIAN_MS = Number(env.BENCH_QUOTA_MEDIAN_MS ?? 500);
const CONCURRENCY = Number(env.BENCH_QUOTA_CONCURRENCY ?? 32);
const SEED = Number(env.BENCH_QUOTA_SEED ?? 1);
const MAX_TOKENS = 64;
const TOOLS = new Set((env.BENCH_QUOTA_TOOLS ?? "assay,promptfoo,inspect,lm-eval").split(","));

/** Tokens the quota charges a fixture prompt sent alone as the user message, on average. */
function tokensPerPrompt(): number {
  const items = makeItems(1000);
  const total = items.reduce(
    (sum, item) => sum + Math.ceil(item.question.length / 4) + MAX_TOKENS,
    0,
  );
  return total / items.length;
}

const perPrompt = tokensPerPrompt();
const n = roundUp4(Math.ceil((LIMITS.tokensPerMinute * (1 + SECONDS / 60)) / perPrompt));
const nominalS = quotaMinimumSeconds(LIMITS, n * perPrompt, n);
const peerTimeoutMs = (5 * nominalS + 120) * 1000;

console.log(
  `quota: RPM ${LIMITS.requestsPerMinute}, TPM ${LIMITS.tokensPerMinute}; ` +
    `N ${n} prompts × ${perPrompt.toFixed(1)} tokens (max_tokens ${MAX_TOKENS}) → ` +
    `minimum ${nominalS.toFixed(1)} s; latency lognormal, median ${MEDIAN_MS} ms, p99 ≈ ${8 * MEDIAN_MS} ms; ` +
    `C ${CONCURRENCY}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
);

const endpoint = await startQuotaEndpoint({
  limits: LIMITS,
  medianMs: MEDIAN_MS,
  seed: SEED,
  defaultMaxTokens: MAX_TOKENS,
});
const rows: QuotaRow[] = [];
const record = (result: RunResult) => {
  const row = quotaRow(result, LIMITS);
  rows.push(row);
  console.log(
    `== ${row.tool}: ${row.wallS.toFixed(1)} s (minimum ${row.minimumS.toFixed(1)} s, ` +
      `${(row.wallS / row.minimumS).toFixed(2)}× of it), ${row.rateLimited} of ${row.requests} requests 429, ` +
      `${row.failedSamples} samples failed${row.problems.length ? `; ${row.problems.join("; ")}` : ""}`,
  );
};
const attempt = async (tool: string, run: () => Promise<RunResult>) => {
  try {
    record(await run());
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    rows.push(missingRow(tool, n, reason));
    console.log(`== ${tool}: could not run (${reason})`);
  }
};

try {
  if (TOOLS.has("assay")) {
    console.log("== assay");
    await attempt("assay", () =>
      runAssay(endpoint, CONCURRENCY, n, { jobs: 4, chunk: 1000, warmup: false, probe: false }),
    );
  }
  await runPeers(
    endpoint,
    { peers: TOOLS, concurrency: CONCURRENCY, n, maxTokens: MAX_TOKENS, timeoutMs: peerTimeoutMs },
    {
      run: (kind, label, measured) => {
        console.log(`== ${label}`);
        return attempt(kind, measured);
      },
      missing: (kind, reason) => {
        rows.push(missingRow(kind, n, reason));
      },
    },
  );
} finally {
  await endpoint.close();
}

console.log(
  `\nUnder the quota (RPM ${LIMITS.requestsPerMinute}, TPM ${LIMITS.tokensPerMinute}; latency median ${MEDIAN_MS} ms, ` +
    `p99 ≈ 8×; C ${CONCURRENCY}; target minimum ${nominalS.toFixed(1)} s). Load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
);
console.log(quotaTable(rows));
