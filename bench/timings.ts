// The time bounds that unit tests used to assert with a clock (issue 27): a unit test on a
// shared machine fails when the machine is busy, not when the code is slow, so the tests check
// what happens and this bench checks how long it takes, against the same budgets.
//
// - token counting (engine/runners/trace-judging/tokens.ts): `fitsInTokens` stops early on a
//   2.4 MB text (≤ 200 ms); `countTokens` over 400,000 characters of unbroken runs (≤ 5 s);
// - the model gateway (engine/gateway/gateway.ts) against the fake model server on loopback: a
//   hanging endpoint times out per attempt (3 × 200 ms, within 10 %, + 300 ms), a slowloris body
//   at the total timeout (300 ms + 10 % + 100 ms), a 429's Retry-After of 1 s is waited (≥ 950 ms),
//   an abort ends a call in flight (≤ 500 ms) and a backoff (≤ 200 ms), close() ends both (≤ 500 ms).
//
// Each case runs BENCH_RUNS times (3 by default), every run held to the budget; the slowest is
// shown. Exits 1 when a budget is missed.
//
//   npm run bench:timings

import {
  type FakeBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { createGateway } from "../packages/server/src/engine/gateway/gateway.ts";
import { buildRequestBody } from "../packages/server/src/engine/gateway/request-body.ts";
import {
  countTokens,
  fitsInTokens,
} from "../packages/server/src/engine/runners/trace-judging/tokens.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);

interface Case {
  name: string;
  /** Milliseconds measured by one run. */
  run(): Promise<number>;
  /** Accepted range, in milliseconds. */
  min?: number;
  max: number;
}

let server: FakeModelServer;
const endpoint = () => ({
  url: server.chatUrl,
  apiKey: "sk-bench",
  model: "fake-model",
  maxTokens: 16,
  trusted: true,
});
const body = () => buildRequestBody(endpoint(), [{ role: "user", content: "1 + 1 = ?" }]);
const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (error: { code?: string }) => error.code ?? "failed",
  );

/** Times `work` from `start` to its end, after the server answers with `behavior`. */
async function timed(behavior: FakeBehavior, work: () => Promise<unknown>): Promise<number> {
  server.reset();
  server.setBehavior(behavior);
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const cases: Case[] = [
  {
    name: "fitsInTokens stops early on 2.4 MB",
    max: 200,
    async run() {
      const long = "lorem ipsum ".repeat(200_000);
      const started = performance.now();
      if (fitsInTokens(long, 1000)) throw new Error("it fits?");
      return performance.now() - started;
    },
  },
  {
    name: "countTokens over 400,000 chars of runs",
    max: 5000,
    async run() {
      const letters = Array.from({ length: 200_000 }, (_, i) =>
        String.fromCharCode(97 + ((i * 7919) % 26)),
      ).join("");
      const started = performance.now();
      countTokens(`${"=".repeat(100_000)} ${" ".repeat(100_000)}${letters}`);
      return performance.now() - started;
    },
  },
  {
    name: "timeout per attempt, 3 × 200 ms",
    min: 3 * 200 * 0.9,
    max: 3 * 200 * 1.1 + 300,
    run: () => {
      const gateway = createGateway({
        allowedHosts: [],
        requestTimeoutMs: 200,
        maxAttempts: 3,
        baseDelayMs: 0,
      });
      return timed(
        () => ({ hang: true }),
        () => settle(gateway.complete(endpoint(), body())).finally(() => gateway.close()),
      );
    },
  },
  {
    name: "slowloris ends at the 300 ms total",
    max: 300 * 1.1 + 100,
    run: () => {
      const gateway = createGateway({ allowedHosts: [], requestTimeoutMs: 300, maxAttempts: 1 });
      return timed(
        () => ({ drip: true, intervalMs: 20 }),
        () => settle(gateway.complete(endpoint(), body())).finally(() => gateway.close()),
      );
    },
  },
  {
    name: "Retry-After: 1 on a 429 is waited",
    min: 950,
    max: 1000 + 500,
    run: () => {
      const gateway = createGateway({ allowedHosts: [], baseDelayMs: 5 });
      return timed(
        ({ index }) =>
          index === 0 ? { status: 429, headers: { "retry-after": "1" } } : { content: "ok" },
        () => settle(gateway.complete(endpoint(), body())).finally(() => gateway.close()),
      );
    },
  },
  {
    name: "abort ends a call in flight (abort at 50 ms)",
    max: 500,
    run: () => {
      const gateway = createGateway({ allowedHosts: [] });
      const controller = new AbortController();
      return timed(
        () => ({ hang: true }),
        () => {
          setTimeout(() => controller.abort(), 50);
          return settle(
            gateway.complete(endpoint(), body(), { signal: controller.signal }),
          ).finally(() => gateway.close());
        },
      );
    },
  },
  {
    name: "abort ends a 10 s backoff",
    max: 200,
    async run() {
      const gateway = createGateway({ allowedHosts: [], baseDelayMs: 10_000, random: () => 1 });
      server.reset();
      server.setBehavior(() => ({ status: 500 }));
      const controller = new AbortController();
      const pending = settle(gateway.complete(endpoint(), body(), { signal: controller.signal }));
      while (server.stats().requests < 1) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
      const abortedAt = performance.now();
      controller.abort();
      await pending;
      const elapsed = performance.now() - abortedAt;
      await gateway.close();
      return elapsed;
    },
  },
  {
    name: "close() ends a call in flight and a 30 s backoff",
    max: 500,
    async run() {
      const gateway = createGateway({ allowedHosts: [], baseDelayMs: 30_000, random: () => 1 });
      server.reset();
      server.setBehavior(({ index }) => (index === 0 ? { hang: true } : { status: 503 }));
      const hanging = settle(gateway.complete(endpoint(), body()));
      const sleeping = settle(gateway.complete(endpoint(), body()));
      while (server.stats().requests < 2) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
      const closedAt = performance.now();
      await gateway.close();
      await Promise.all([hanging, sleeping]);
      return performance.now() - closedAt;
    },
  },
];

server = await startFakeModelServer();
// The tokenizer's tables load on first use (~150 ms): measured apart from the counting.
countTokens("warm up");
let missed = 0;
try {
  console.log(`${"case".padEnd(48)} ${"slowest".padStart(8)} ${"budget".padStart(16)}  ok`);
  for (const c of cases) {
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) times.push(await c.run());
    const slowest = Math.max(...times);
    const ok = times.every((t) => t <= c.max && (c.min === undefined || t >= c.min));
    if (!ok) missed += 1;
    const budget =
      c.min === undefined
        ? `≤ ${c.max.toFixed(0)} ms`
        : `${c.min.toFixed(0)}–${c.max.toFixed(0)} ms`;
    console.log(
      `${c.name.padEnd(48)} ${`${slowest.toFixed(0)} ms`.padStart(8)} ${budget.padStart(16)}  ${ok ? "yes" : "NO"}  (${times.map((t) => t.toFixed(0)).join(", ")})`,
    );
  }
} finally {
  await server.close();
}
if (missed > 0) {
  console.error(`${missed} budget(s) missed`);
  process.exitCode = 1;
}
