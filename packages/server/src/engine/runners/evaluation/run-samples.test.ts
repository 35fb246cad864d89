import {
  createScriptedGateway,
  testEndpoint,
  untilAborted,
} from "@assay/test-kit/scripted-gateway.ts";
import { describe, expect, it } from "vitest";
import { ModelCallError } from "../../gateway/model-call-error.ts";
import { exactMatch } from "../../scorers/exact-match.ts";
import {
  type CachedAnswer,
  type RunSample,
  type RunSamplesOptions,
  runSamples,
  type SampleOutcome,
} from "./run-samples.ts";

const samples = (n: number): RunSample[] =>
  Array.from({ length: n }, (_, i) => ({
    position: i,
    messages: [{ role: "user", content: `${i} + 1 = ?` }],
    prompt: `${i} + 1 = ?`,
    truth: String(i + 1),
    repeat: 0,
  }));

/** The answer to "n + 1 = ?", wrong for odd n. */
const arithmetic = (content: string) => {
  const n = Number.parseInt(content, 10);
  return String(n % 2 === 0 ? n + 1 : n);
};

function options(overrides: Partial<RunSamplesOptions> = {}) {
  const written: SampleOutcome[][] = [];
  const gateway = createScriptedGateway((call) => arithmetic(call.messages[0]!.content));
  const base: RunSamplesOptions = {
    samples: samples(4),
    endpoint: testEndpoint("model"),
    gateway,
    concurrency: 2,
    score: (sample, response) =>
      exactMatch({ response, truth: sample.truth, prompt: sample.prompt }),
    onCall: () => undefined,
    write: async (outcomes) => {
      written.push(outcomes);
    },
    signal: new AbortController().signal,
  };
  return { run: { ...base, ...overrides }, written, gateway };
}

const byPosition = (written: SampleOutcome[][]) =>
  written.flat().sort((a, b) => a.position - b.position);

const http401 = () =>
  new ModelCallError("http_error", "401 Unauthorized", {
    status: 401,
    retryable: false,
    detail: "invalid api key",
  });

describe("runSamples", () => {
  it("records exactly one scored outcome per sample", async () => {
    const { run, written, gateway } = options();
    expect(await runSamples(run)).toEqual({ kind: "done" });
    const outcomes = byPosition(written);
    expect(outcomes.map((o) => [o.position, o.response, o.passed])).toEqual([
      [0, "1", true],
      [1, "1", false],
      [2, "3", true],
      [3, "3", false],
    ]);
    expect(outcomes.every((o) => o.error === null && !o.cached)).toBe(true);
    expect(gateway.calls).toHaveLength(4);
  });

  it("records a failed model call as a failed, not correct, outcome and goes on", async () => {
    const { run, written } = options({
      gateway: createScriptedGateway((call) => {
        if (call.messages[0]!.content.startsWith("1 ")) throw http401();
        return arithmetic(call.messages[0]!.content);
      }),
    });
    expect(await runSamples(run)).toEqual({ kind: "done" });
    const failed = byPosition(written).find((o) => o.position === 1)!;
    expect(failed).toMatchObject({ passed: false, score: 0, error: "401 Unauthorized" });
    expect(byPosition(written)).toHaveLength(4);
  });

  it("records a response that could not be scored as a failed prompt, never a wrong answer", async () => {
    const { run, written } = options({
      score: (sample) => {
        if (sample.position === 1) throw new Error("the judge is unreachable");
        return { score: 1, passed: true, reason: "right" };
      },
    });
    expect(await runSamples(run)).toEqual({ kind: "done" });
    const outcomes = byPosition(written);
    expect(outcomes[1]).toMatchObject({
      response: "1",
      passed: false,
      score: 0,
      reason: "the response could not be scored",
      error: "scoring failed: the judge is unreachable",
      // The model answered: what it cost is kept.
      promptTokens: 10,
      completionTokens: 2,
    });
    expect(outcomes.filter((o) => o.error === null).map((o) => o.position)).toEqual([0, 2, 3]);
  });

  it("records a judged metric that could not be measured as a failed prompt too", async () => {
    const { run, written } = options({
      metrics: async () => {
        throw http401();
      },
    });
    await runSamples(run);
    expect(byPosition(written).map((o) => o.error)).toEqual(
      Array(4).fill("scoring failed: 401 Unauthorized"),
    );
  });

  it("leaves a prompt whose scoring the run's stop cut short to a resumed run", async () => {
    const stop = new AbortController();
    const { run, written } = options({
      concurrency: 1,
      score: (sample) => {
        if (sample.position === 2) {
          stop.abort();
          throw new Error("cancelled");
        }
        return { score: 1, passed: true, reason: "right" };
      },
      signal: stop.signal,
    });
    expect(await runSamples(run)).toEqual({ kind: "stopped" });
    expect(byPosition(written).map((o) => o.position)).toEqual([0, 1]);
  });

  it("stops when onCall says the endpoint is unusable, and says why", async () => {
    const { run, written } = options({
      gateway: createScriptedGateway(() => {
        throw http401();
      }),
      onCall: (outcome) => (outcome.ok ? undefined : "the key is wrong"),
    });
    expect(await runSamples(run)).toEqual({ kind: "tripped", reason: "the key is wrong" });
    expect(written.flat()).toEqual([]);
  });

  it("stops when its signal aborts, keeping what was written", async () => {
    const stop = new AbortController();
    const { run, written } = options({
      concurrency: 1,
      gateway: createScriptedGateway((call) => {
        if (call.messages[0]!.content.startsWith("2 ")) {
          stop.abort();
          return untilAborted(call.signal);
        }
        return arithmetic(call.messages[0]!.content);
      }),
      signal: stop.signal,
    });
    expect(await runSamples(run)).toEqual({ kind: "stopped" });
    expect(byPosition(written).map((o) => o.position)).toEqual([0, 1]);
  });

  it("answers deterministic requests from the cache and offers new answers to it", async () => {
    const { run, written, gateway } = options();
    let cachedKeys: string[] = [];
    await runSamples({
      ...run,
      cache: {
        scope: "org",
        lookup: async (keys) => {
          cachedKeys = keys;
          return new Map<string, CachedAnswer>();
        },
      },
    });
    const entries = byPosition(written).map((o) => o.cacheEntry);
    expect(entries.map((e) => e?.key)).toEqual(cachedKeys);
    expect(gateway.calls).toHaveLength(4);

    const second = options();
    const hit: CachedAnswer = {
      content: "1",
      reasoning: null,
      finish_reason: "stop",
      prompt_tokens: 3,
      completion_tokens: 1,
      reasoning_tokens: 0,
    };
    await runSamples({
      ...second.run,
      cache: { scope: "org", lookup: async () => new Map([[cachedKeys[0]!, hit]]) },
    });
    const first = byPosition(second.written)[0]!;
    expect(first).toMatchObject({ cached: true, response: "1", passed: true, promptTokens: 3 });
    expect(first.cacheEntry).toBeUndefined();
    expect(second.gateway.calls).toHaveLength(3);
  });

  it("adds each response's metrics and scorer grades", async () => {
    const { run, written } = options({
      metrics: async (_sample, response) => ({ length: response.length }),
      grade: async () => ({ tone: { score: 1, passed: true, reason: "polite" } }),
    });
    await runSamples(run);
    expect(byPosition(written)[0]).toMatchObject({
      metrics: { length: 1 },
      scorerScores: { tone: { score: 1, passed: true, reason: "polite" } },
    });
  });
});
