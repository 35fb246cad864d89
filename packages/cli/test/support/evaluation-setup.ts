import { Client, type Evaluation } from "@assay/client";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll } from "vitest";

/**
 * What `assay eval …` and `assay results` tests evaluate: custom models served by the fake
 * OpenAI-compatible server (one answering at once, one too slow to finish during a test) and a
 * small arithmetic benchmark the fake gets partly wrong.
 */

/** Position `p` (0-based) is question Q(p+1); the fake answers Qi wrong when i % 4 == 3. */
export const ROWS = [
  ...Array.from({ length: 10 }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 7);
    return { input: item.question, truth: item.answer, subset: i < 6 ? "small" : "large" };
  }),
  // A prompt CSV has to quote: a comma, quotes and a line break.
  {
    input: 'Q11: "Quoted", with a comma,\nand a second line. What is 1 + 2?',
    truth: "3",
    subset: "large",
  },
];
/** Positions of Q3, Q7 and Q11. */
export const WRONG = [2, 6, 10];

export interface EvaluationFixture {
  client: Client;
  fastModelKey: string;
  slowModelKey: string;
  benchmarkKey: string;
}

/**
 * Starts the fake model servers before the file's tests (after `useTestService()`'s service)
 * and registers the models and the benchmark in the service's bootstrap project.
 */
export function useEvaluationFixture(service: () => TestService): () => EvaluationFixture {
  let fast: FakeModelServer | undefined;
  let slow: FakeModelServer | undefined;
  let fixture: EvaluationFixture | undefined;
  beforeAll(async () => {
    fast = await startFakeModelServer({ latencyMs: 5, behavior: arithmeticBehavior });
    slow = await startFakeModelServer({ latencyMs: 60_000, behavior: arithmeticBehavior });
    const { apiKey, apiUrl } = service();
    const client = new Client({ apiKey, baseURL: apiUrl });
    for (const [key, endpoint] of [
      ["fake/fast", fast],
      ["fake/slow", slow],
    ] as const) {
      await client.models.createCustom({
        name: key,
        key,
        description: "",
        api_url: endpoint.url,
        max_tokens: 64,
      });
    }
    await client.benchmarks.createCustom({
      name: "Arithmetic",
      description: "sums",
      file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
      filename: "arithmetic.jsonl",
      scoring_metric: "numeric",
    });
    fixture = {
      client,
      fastModelKey: "fake/fast",
      slowModelKey: "fake/slow",
      benchmarkKey: "arithmetic",
    };
  });
  afterAll(async () => {
    await Promise.all([fast?.close(), slow?.close()]);
  });
  return () => {
    if (!fixture) throw new Error("no fixture: call useEvaluationFixture() at the top of the file");
    return fixture;
  };
}

/** Evaluates `modelKey` on the benchmark in process and waits for the end. */
export async function finishedEvaluation(
  fixture: EvaluationFixture,
  modelKey = fixture.fastModelKey,
): Promise<Evaluation> {
  const { client } = fixture;
  const model = await client.models.getByKey(modelKey);
  const benchmark = await client.benchmarks.getByKey(fixture.benchmarkKey);
  if (!model || !benchmark) throw new Error("fixture model or benchmark missing");
  const created = await client.evaluations.create(model, benchmark);
  return client.evaluations.waitForCompletion(created, { intervalMs: 100, timeoutMs: 25_000 });
}
