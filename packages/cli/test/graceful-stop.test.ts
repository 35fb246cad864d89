import { connect } from "node:net";
import { Client } from "@assay/client";
import { makeArithmeticItem, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { describe, expect, it } from "vitest";
import { serviceEnv, startServer, useFreshDatabase } from "./support/cli.ts";

/**
 * SIGTERM in the middle of a run, with an event stream open and a slow client sending a body:
 * `assay serve` stops taking work,
 * hands back what is in flight, and exits 0 within its bound; started again, it finishes the run
 * with every prompt answered once.
 */
const testDatabase = useFreshDatabase();
const KEY = "assay_gracefulStopKey0000000000000000";
const PROMPTS = 80;

describe("assay serve on SIGTERM", () => {
  it("exits 0 mid-run within its bound, and the run completes after a restart", async () => {
    // Slow enough that the run outlasts the close: the slow client below may hold the HTTP close
    // for its 5 s grace (close-within.ts), and the workers, stopped at the signal, must hand the
    // run back rather than finish it meanwhile.
    await using fake = await startFakeModelServer({ latencyMs: 400 });
    const { env, apiUrl } = await serviceEnv(testDatabase(), {
      ASSAY_BOOTSTRAP_API_KEY: KEY,
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_EVAL_CHUNK_SIZE: "10",
      ASSAY_JOB_POLL_INTERVAL_MS: "100",
      ASSAY_JOB_LEASE_SECONDS: "10",
    });
    const first = await startServer([], env);
    const client = new Client({ apiKey: KEY, baseURL: apiUrl });
    await client.models.createCustom({
      name: "adder",
      key: "fake/adder",
      description: "",
      api_url: fake.url,
      max_tokens: 64,
    });
    const rows = Array.from({ length: PROMPTS }, (_, i) => {
      const item = makeArithmeticItem(i + 1, 5);
      return JSON.stringify({ input: item.question, truth: item.answer });
    });
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: "Sums",
      description: "",
      file: new TextEncoder().encode(rows.join("\n")),
      filename: "sums.jsonl",
      scoring_metric: "numeric",
    });
    const model = await client.models.getByKey("fake/adder");
    const benchmark = await client.benchmarks.getById(benchmark_id);
    if (!model) throw new Error("the model was not created");
    const created = await client.evaluations.create(model, benchmark, { concurrency: 4 });
    for (;;) {
      const now = await client.evaluations.getById(created.id);
      if (now.assay.progress.done >= 10) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A viewer's event stream stays open: it must not hold the shutdown.
    const events = client.evaluations.events(created.id)[Symbol.asyncIterator]();
    await events.next();
    // Nor may a client that sends its body a byte at a time (its request timeout is 120 s).
    const slow = connect(Number(new URL(apiUrl).port), "127.0.0.1");
    slow.on("error", () => {});
    slow.write(
      "POST /api/v1/organizations HTTP/1.1\r\nHost: localhost\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
    );
    const drip = setInterval(() => slow.write(" "), 200);

    const signalled = Date.now();
    const stopped = await first.stop("SIGTERM");
    const tookMs = Date.now() - signalled;
    clearInterval(drip);
    slow.destroy();
    expect(stopped, stopped.stderr).toMatchObject({ code: 0, signal: null });
    // The bound: the queue's 10 s grace for running jobs, then the rest of the close.
    expect(tookMs).toBeLessThan(20_000);
    const partial = fake.stats().requests;
    expect(partial).toBeLessThan(PROMPTS);

    const second = await startServer([], env);
    const finished = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
    expect(finished.status).toBe("success");
    expect(finished.assay.progress).toMatchObject({ total: PROMPTS, done: PROMPTS });
    const results = await client.results.getAll(created.id);
    expect(new Set(results.map((r) => r.prompt_id)).size).toBe(PROMPTS);
    expect(results).toHaveLength(PROMPTS);
    expect(await second.stop()).toMatchObject({ code: 0, signal: null });
  });
});
