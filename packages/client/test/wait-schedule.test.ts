import { Client, DEFAULT_POLL_SCHEDULE } from "@assay/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  adaptivePollDelayMs,
  type PollClock,
  pollUntilFinished,
} from "../src/core/wait-duration.ts";
import { evaluationBody } from "./support/evaluation-fixtures.ts";
import { API_KEY, ORGANIZATION } from "./support/fixtures.ts";
import { runBody } from "./support/optimization-fixtures.ts";
import { traceEvaluationBody } from "./support/trace-fixtures.ts";

/**
 * When `waitForCompletion` polls. Time is simulated (a fake clock, or vitest's fake timers with an
 * injected fetch), so the schedule is checked exactly and nothing here waits for real.
 */

/** A clock whose sleep moves time on at once; `readMs` is how long each read takes. */
function fakeClock(readMs = 0): PollClock & { sleeps: number[]; read(): void } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    read: () => {
      now += readMs;
    },
  };
}

/** Polls a run that finishes at `finishAtMs`; answers when the wait saw it finished, and the waits. */
async function waitFor(finishAtMs: number, options: { intervalMs?: number; readMs?: number } = {}) {
  const clock = fakeClock(options.readMs);
  const finished = await pollUntilFinished(
    {
      label: "Run",
      read: async () => {
        clock.read();
        return { status: clock.now() >= finishAtMs ? "success" : "running", at: clock.now() };
      },
      finished: (run) => run.status === "success",
      intervalMs: options.intervalMs,
      timeoutMs: undefined,
    },
    clock,
  );
  return { seenAtMs: finished.at, sleeps: clock.sleeps };
}

describe("the default poll schedule", () => {
  it("waits 0.5 s first, then grows with the time waited, to at most 10 s", async () => {
    const { sleeps } = await waitFor(120_000);
    expect(sleeps.slice(0, 10)).toEqual([500, 500, 500, 500, 500, 500, 600, 720, 864, 1036.8]);
    for (const [i, ms] of sleeps.entries()) {
      if (i > 0) expect(ms).toBeGreaterThanOrEqual(sleeps[i - 1] as number);
      expect(ms).toBeLessThanOrEqual(DEFAULT_POLL_SCHEDULE.maxMs);
    }
    expect(sleeps.at(-1)).toBe(10_000);
    // Two minutes cost 30 polls (the old fixed 30 s interval: 5, but a 5 s run was seen at 30 s).
    expect(sleeps.length + 1).toBe(30);
  });

  it("reports a run that takes 5 s within a second of its end, and any run within 1/5 of it", async () => {
    expect((await waitFor(5_000)).seenAtMs - 5_000).toBeLessThanOrEqual(1_000);
    for (let finishAt = 100; finishAt <= 50_000; finishAt += 97) {
      const { seenAtMs } = await waitFor(finishAt);
      expect(seenAtMs - finishAt).toBeLessThanOrEqual(Math.max(500, finishAt / 5));
    }
    // Past 50 s the 10 s cap rules.
    const { seenAtMs } = await waitFor(600_001);
    expect(seenAtMs - 600_001).toBeLessThanOrEqual(10_000);
  });

  it("grows at most ×1.5 per poll, also after a slow poll", async () => {
    const { sleeps } = await waitFor(30_000, { readMs: 3_000 });
    expect(sleeps[0]).toBe(500);
    for (let i = 1; i < sleeps.length; i++) {
      expect(sleeps[i]).toBeLessThanOrEqual((sleeps[i - 1] as number) * 1.5);
    }
    expect(adaptivePollDelayMs(1_000, 60_000)).toBe(1_500);
  });

  it("honours an explicit intervalMs as given", async () => {
    expect((await waitFor(10_000, { intervalMs: 3_000 })).sleeps).toEqual([
      3_000, 3_000, 3_000, 3_000,
    ]);
    expect((await waitFor(100, { intervalMs: 0, readMs: 60 })).sleeps).toEqual([0]);
  });
});

interface WaitingResource {
  /** The route its waitForCompletion polls. */
  path: string;
  body(done: boolean): unknown;
  wait(client: Client, intervalMs?: number): Promise<unknown>;
}

/** What each resource's waitForCompletion polls, and the answer that ends its wait. */
const RESOURCES: Record<string, WaitingResource> = {
  evaluations: {
    path: "/api/v1/evaluations/e-1",
    body: (done: boolean) => evaluationBody(done ? "success" : "in-progress"),
    wait: (client: Client, intervalMs?: number) =>
      client.evaluations.waitForCompletion("e-1", { intervalMs }),
  },
  traceEvaluations: {
    path: "/api/v1/organizations/org-1/projects/proj-1/trace-evaluations/te-1",
    body: (done: boolean) => ({
      status: "success",
      data: traceEvaluationBody(done ? "failure" : "in_progress"),
    }),
    wait: (client: Client, intervalMs?: number) =>
      client.traceEvaluations.waitForCompletion("te-1", { intervalMs }),
  },
  judgeOptimizations: {
    path: "/api/v1/organizations/org-1/projects/proj-1/judge-optimizations/jo-1",
    body: (done: boolean) => ({
      status: "success",
      data: runBody(done ? "success" : "in_progress"),
    }),
    wait: (client: Client, intervalMs?: number) =>
      client.judgeOptimizations.waitForCompletion("jo-1", { intervalMs }),
  },
};

describe.each(Object.entries(RESOURCES))("%s.waitForCompletion", (_name, resource) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client whose fetch answers from the fake clock: the run ends `finishAtMs` after the start. */
  function clientFinishingAt(finishAtMs: number) {
    const start = Date.now();
    const polls: number[] = [];
    const fetch = async (url: string) => {
      const { pathname } = new URL(url);
      let body: unknown;
      if (pathname === "/api/v1/organizations") body = { status: "success", data: ORGANIZATION };
      else if (pathname === resource.path) {
        polls.push(Date.now() - start);
        body = resource.body(Date.now() - start >= finishAtMs);
      } else return new Response("404 page not found", { status: 404 });
      return new Response(JSON.stringify(body), {
        headers: { "content-type": "application/json" },
      });
    };
    return {
      client: new Client({ apiKey: API_KEY, baseURL: "http://assay.test/api/v1", fetch }),
      polls,
    };
  }

  async function settle<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    void promise.finally(() => {
      settled = true;
    });
    while (!settled) await vi.advanceTimersByTimeAsync(50);
    return promise;
  }

  it("polls on the default schedule without intervalMs and sees a 5 s run within 1 s", async () => {
    const { client, polls } = clientFinishingAt(5_000);
    const finished = await settle(resource.wait(client));
    expect(finished).toBeDefined();
    expect(polls).toEqual([0, 500, 1_000, 1_500, 2_000, 2_500, 3_000, 3_600, 4_320, 5_184]);
  });

  it("polls every intervalMs when given", async () => {
    const { client, polls } = clientFinishingAt(5_000);
    await settle(resource.wait(client, 2_000));
    expect(polls).toEqual([0, 2_000, 4_000, 6_000]);
  });
});
