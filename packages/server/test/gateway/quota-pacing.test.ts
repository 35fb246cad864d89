import type { IncomingHttpHeaders } from "node:http";
import {
  estimateRequestTokens,
  formatOpenAIDuration,
  lognormalLatencies,
  mulberry32,
  OpenAIQuota,
} from "@assay/test-kit/provider-doubles/openai-quota.ts";
import { virtualClock } from "@assay/test-kit/virtual-clock.ts";
import { describe, expect, it } from "vitest";
import { cancelledError } from "../../src/engine/gateway/model-call-error.ts";
import {
  estimateQuotaTokens,
  type PacerTicket,
  QuotaPacer,
} from "../../src/engine/gateway/pacing/quota-pacer.ts";
import { readRateLimitHeaders } from "../../src/engine/gateway/pacing/rate-limit-headers.ts";
import { backoffDelayMs, retryAfterMs } from "../../src/engine/gateway/retry-policy.ts";

const LIMITS = { requestsPerMinute: 600, tokensPerMinute: 34_000 };

function body(chars: number, maxTokens = 64): Record<string, unknown> {
  return {
    model: "m",
    messages: [{ role: "user", content: "x".repeat(chars) }],
    max_tokens: maxTokens,
  };
}

describe("the OpenAI quota double", () => {
  it("writes durations as OpenAI does", () => {
    expect(formatOpenAIDuration(120)).toBe("120ms");
    expect(formatOpenAIDuration(1000)).toBe("1s");
    expect(formatOpenAIDuration(7660)).toBe("7.66s");
    expect(formatOpenAIDuration(360_000)).toBe("6m0s");
    expect(formatOpenAIDuration(3_723_500)).toBe("1h2m3.5s");
  });

  it("charges chars / 4 plus max_tokens, refills per minute, refuses with retry-after", () => {
    const quota = new OpenAIQuota({ requestsPerMinute: 60, tokensPerMinute: 1000 }, 0);
    expect(estimateRequestTokens(body(400, 100))).toBe(200);
    expect(estimateRequestTokens(body(1, 0), 16)).toBe(17);
    for (let i = 0; i < 5; i += 1) expect(quota.admit(200, 0).admitted).toBe(true);
    const refused = quota.admit(200, 0);
    expect(refused.admitted).toBe(false);
    // 200 tokens at 1000 per minute: 12 s.
    expect(refused.headers["retry-after"]).toBe("12");
    expect(refused.headers["x-ratelimit-remaining-tokens"]).toBe("0");
    expect(refused.headers["x-ratelimit-reset-tokens"]).toBe("1m0s");
    // The refused request still took one request (6 of 60).
    expect(refused.headers["x-ratelimit-remaining-requests"]).toBe("54");
    expect(quota.admit(200, 12_000).admitted).toBe(true);
  });

  it("draws heavy-tailed latencies: p99 ≈ 8 × the median, the same for a seed", () => {
    const draw = lognormalLatencies(100, 42);
    const values = Array.from({ length: 20_000 }, draw).sort((a, b) => a - b);
    const median = values[10_000] as number;
    const p99 = values[19_800] as number;
    expect(median).toBeGreaterThan(95);
    expect(median).toBeLessThan(105);
    expect(p99 / median).toBeGreaterThan(7);
    expect(p99 / median).toBeLessThan(9);
    expect(lognormalLatencies(100, 42)()).toBe(lognormalLatencies(100, 42)());
  });
});

describe("reading the rate-limit headers", () => {
  it("reads limit, remaining and reset of both buckets", () => {
    const quota = new OpenAIQuota(LIMITS, 0);
    quota.admit(3400, 0);
    expect(readRateLimitHeaders(quota.headers(0))).toEqual({
      requests: { limit: 600, remaining: 599, resetMs: 100 },
      tokens: { limit: 34_000, remaining: 30_600, resetMs: 6000 },
    });
  });

  it("answers undefined without them, and skips a bucket it cannot read", () => {
    expect(readRateLimitHeaders({ "content-type": "application/json" })).toBeUndefined();
    expect(
      readRateLimitHeaders({
        "x-ratelimit-limit-requests": "lots",
        "x-ratelimit-limit-tokens": "100",
        "x-ratelimit-remaining-tokens": "40",
      }),
    ).toEqual({ requests: undefined, tokens: { limit: 100, remaining: 40, resetMs: undefined } });
  });
});

describe("the quota pacer", () => {
  it("lets calls leave at once, synchronously, while no answer has announced a quota", () => {
    const pacer = new QuotaPacer({ clock: virtualClock() });
    for (let i = 0; i < 100; i += 1) expect(pacer.admit(1000)).not.toBeInstanceOf(Promise);
    expect(pacer.active).toBe(false);
  });

  it("waits for the bucket to refill, in FIFO order, counting what is still in flight", async () => {
    const clock = virtualClock();
    const pacer = new QuotaPacer({ clock, marginShare: 0 });
    const first = pacer.admit(100) as PacerTicket;
    const second = pacer.admit(100) as PacerTicket;
    // The first answer: 250 of 6000 tokens left after it (6000 per minute: 100 per second).
    // The second request left after it, so 150 remain for us.
    pacer.observe(first, {
      requests: undefined,
      tokens: { limit: 6000, remaining: 250, resetMs: 57_500 },
    });
    expect(pacer.admit(100)).not.toBeInstanceOf(Promise);
    const order: string[] = [];
    const third = (pacer.admit(100) as Promise<PacerTicket>).then(() => order.push("third"));
    const fourth = (pacer.admit(10) as Promise<PacerTicket>).then(() => order.push("fourth"));
    // 50 left: 100 needs 0.5 s more, then 10 more 0.1 s after.
    await clock.run(499);
    expect(order).toEqual([]);
    await clock.run(600);
    await Promise.all([third, fourth]);
    expect(order).toEqual(["third", "fourth"]);
    // An older answer (the first, again) knows less than the anchor: ignored.
    pacer.observe(first, {
      requests: undefined,
      tokens: { limit: 6000, remaining: 6000, resetMs: 0 },
    });
    expect(pacer.admit(100)).toBeInstanceOf(Promise);
    // The second's answer, newer, re-anchors: the provider counted less than we did.
    pacer.observe(second, {
      requests: undefined,
      tokens: { limit: 6000, remaining: 5000, resetMs: 10_000 },
    });
    await clock.run();
    expect(pacer.waiting).toBe(0);
  });

  it("keeps a margin, and lets a request larger than the whole bucket go when it is full", async () => {
    const clock = virtualClock();
    const pacer = new QuotaPacer({ clock, marginShare: 0.1 });
    const ticket = pacer.admit(0) as PacerTicket;
    pacer.observe(ticket, {
      requests: undefined,
      tokens: { limit: 1000, remaining: 150, resetMs: 51_000 },
    });
    // 150 left, 100 + a 100 margin needed.
    let left = false;
    const call = (pacer.admit(100) as Promise<PacerTicket>).then(() => (left = true));
    await clock.run(2_999);
    expect(left).toBe(false);
    await clock.run(3_001);
    await call;
    expect(left).toBe(true);
    let huge = false;
    const big = (pacer.admit(5000) as Promise<PacerTicket>).then(() => (huge = true));
    await clock.run();
    await big;
    expect(huge).toBe(true);
    // 100 left after the first call (t = 3 s), full again 900 tokens later at 1000 per minute.
    expect(clock.now()).toBe(57_000);
  });

  it("rejects a waiting call with `cancelled` when its signal aborts, and the next moves up", async () => {
    const clock = virtualClock();
    const pacer = new QuotaPacer({ clock, marginShare: 0 });
    const ticket = pacer.admit(0) as PacerTicket;
    pacer.observe(ticket, {
      requests: undefined,
      tokens: { limit: 600, remaining: 0, resetMs: 60_000 },
    });
    const controller = new AbortController();
    const aborted = pacer.admit(600, controller.signal) as Promise<PacerTicket>;
    const next = pacer.admit(10) as Promise<PacerTicket>;
    controller.abort();
    await expect(aborted).rejects.toEqual(cancelledError());
    await clock.run();
    await next;
    // 10 tokens at 10 per second.
    expect(clock.now()).toBe(1000);
  });
});

interface SimulatedRun {
  wallMs: number;
  requests: number;
  rateLimited: number;
  failed: number;
  minimumMs: number;
}

/**
 * N prompts through C concurrent callers against the OpenAI quota double on simulated time, each
 * call as the gateway makes it (pace, send, read the headers; on a 429 wait the longer of backoff
 * and retry-after, at most 5 attempts). Latencies are lognormal (median 300 ms, p99 8×), and the
 * provider charges 10 % more tokens than the client's estimate: the headers must absorb that.
 */
async function simulateRun(options: {
  paced: boolean;
  n: number;
  concurrency: number;
}): Promise<SimulatedRun> {
  const clock = virtualClock();
  const quota = new OpenAIQuota(LIMITS, 0);
  const pacer = new QuotaPacer({ clock });
  const latency = lognormalLatencies(300, 7);
  const random = mulberry32(11);
  const promptChars = (i: number) => 100 + ((i * 37) % 80);
  let next = 0;
  let requests = 0;
  let rateLimited = 0;
  let failed = 0;
  let charged = 0;

  const call = async (index: number) => {
    const request = body(promptChars(index));
    const estimate = estimateQuotaTokens(request);
    const cost = Math.ceil(estimateRequestTokens(request) * 1.1);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      let ticket: PacerTicket | undefined;
      if (options.paced) {
        const admitted = pacer.admit(estimate);
        ticket = admitted instanceof Promise ? await admitted : admitted;
      }
      requests += 1;
      const decision = quota.admit(cost, clock.now());
      await clock.sleep(decision.admitted ? latency() : 5);
      const headers: IncomingHttpHeaders = decision.headers;
      if (ticket) pacer.observe(ticket, readRateLimitHeaders(headers));
      if (decision.admitted) {
        charged += cost;
        return;
      }
      rateLimited += 1;
      const asked = retryAfterMs(headers, 429, 0) ?? 0;
      const backoff = backoffDelayMs(attempt, { baseDelayMs: 500, maxDelayMs: 30_000 }, random);
      await clock.sleep(Math.max(asked, backoff));
    }
    failed += 1;
  };

  const caller = async () => {
    while (next < options.n) {
      const index = next;
      next += 1;
      await call(index);
    }
  };
  const done = Promise.all(Array.from({ length: options.concurrency }, caller));
  const wallMs = await clock.run();
  await done;
  // Full buckets at the start, then the refill rate: the quota alone allows no faster run.
  const minimumMs = Math.max(
    ((charged - LIMITS.tokensPerMinute) / LIMITS.tokensPerMinute) * 60_000,
    ((options.n - LIMITS.requestsPerMinute) / LIMITS.requestsPerMinute) * 60_000,
  );
  return { wallMs, requests, rateLimited, failed, minimumMs };
}

describe("a simulated run under an OpenAI quota", () => {
  it("paced by the headers: no prompt fails, ≤ 2 % of requests get a 429, within 1.1× the minimum", async () => {
    const run = await simulateRun({ paced: true, n: 700, concurrency: 32 });
    expect(run.minimumMs).toBeGreaterThan(60_000);
    expect(run.failed).toBe(0);
    expect(run.rateLimited / run.requests).toBeLessThanOrEqual(0.02);
    expect(run.wallMs).toBeLessThanOrEqual(run.minimumMs * 1.1);
  });

  it("without the pacing, the same run storms the limit (the test above can fail)", async () => {
    const run = await simulateRun({ paced: false, n: 700, concurrency: 32 });
    expect(run.rateLimited / run.requests).toBeGreaterThan(0.02);
  });
});
