import { Client } from "@assay/client";
import { startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { describe, expect, it } from "vitest";
import { serviceEnv, startServer, useFreshDatabase } from "./support/cli.ts";

/**
 * A benchmark's answer pattern that backtracks exponentially, `(?:a|aa)*(b\d)`, meets responses of
 * 60 "a"s: searched on JavaScript's backtracking engine alone, each would hold `assay serve`'s event
 * loop for longer than any run's deadline. The service switches such searches to V8's linear-time
 * engine (platform/regexp-backtracking.ts): the run ends and scores like any other. A real
 * `assay serve` process, so a regression hangs that process, not the test runner.
 */
const testDatabase = useFreshDatabase();
const KEY = "assay_hostilePatternKey00000000000000";
const PATTERN = "(?:a|aa)*(b\\d)";

describe("a benchmark pattern that backtracks exponentially", () => {
  it("cannot stall the service: the run finishes with the right scores", async () => {
    // Even prompts get the answer in the pattern's format, odd ones 60 "a"s and no "b".
    await using fake = await startFakeModelServer({
      behavior: ({ lastUserMessage }) => {
        const index = Number(/#(\d+)/.exec(lastUserMessage)?.[1]);
        return { content: index % 2 === 0 ? `aaab${index % 10}` : `${"a".repeat(60)}c` };
      },
    });
    const { env, apiUrl } = await serviceEnv(testDatabase(), {
      ASSAY_BOOTSTRAP_API_KEY: KEY,
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "100",
    });
    const server = await startServer([], env);
    const client = new Client({ apiKey: KEY, baseURL: apiUrl });
    await client.models.createCustom({
      name: "a-sayer",
      key: "fake/a-sayer",
      description: "",
      api_url: fake.url,
      max_tokens: 64,
    });
    const rows = Array.from({ length: 6 }, (_, i) =>
      JSON.stringify({ input: `Prompt #${i}`, truth: `b${i % 10}` }),
    );
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: "Hostile pattern",
      description: "",
      file: new TextEncoder().encode(rows.join("\n")),
      filename: "hostile.jsonl",
      scoring_metric: "regex",
      regex_pattern: PATTERN,
    });
    const model = await client.models.getByKey("fake/a-sayer");
    if (!model) throw new Error("the model was not created");
    const created = await client.evaluations.create(
      model,
      await client.benchmarks.getById(benchmark_id),
    );

    const finished = await client.evaluations.waitForCompletion(created, { intervalMs: 100 });
    expect(finished.status).toBe("success");
    expect(finished.accuracy).toBeCloseTo(0.5);
    const results = await client.results.getAll(created.id);
    expect(results.filter((r) => r.score === 1).map((r) => r.truth)).toEqual(["b0", "b2", "b4"]);
    expect(await server.stop()).toMatchObject({ code: 0, signal: null });
  });
});
