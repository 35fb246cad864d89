import { Client, type Evaluation } from "@assay/client";
import { afterAll, beforeAll } from "vitest";
import {
  type FakeBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "./fake-model-server.ts";
import type { TestService } from "./test-service.ts";

/**
 * What the gate tests (CLI and TypeScript SDK, and the demo in the release note) evaluate: 40 arithmetic prompts and three models
 * served by the fake OpenAI-compatible server, far enough apart that 40 prompts tell them apart:
 * `fake/good` answers every prompt right, `fake/baseline` 3 in 4 (Qi wrong when i % 4 == 3),
 * `fake/bad` 1 in 4 (right only when i % 4 == 0); `fake/slow` is right but takes a minute.
 */

export const GATE_PROMPTS = 40;
const QUESTION = /^Q(\d+):.*What is (\d+) \+ (\d+)\?/s;

function answering(right: (id: number) => boolean): FakeBehavior {
  return ({ lastUserMessage }) => {
    const match = QUESTION.exec(lastUserMessage);
    if (match === null) return { content: "I do not know." };
    const id = Number(match[1]);
    const sum = Number(match[2]) + Number(match[3]);
    return { content: `#### ${right(id) ? sum : sum + 1}` };
  };
}

export const GATE_MODELS = {
  "fake/good": answering(() => true),
  "fake/baseline": answering((id) => id % 4 !== 3),
  "fake/bad": answering((id) => id % 4 === 0),
  /** Answers after a minute: a run of it can be cancelled before it ends. */
  "fake/slow": answering(() => true),
} as const;
export type GateModelKey = keyof typeof GATE_MODELS;

export const GATE_BENCHMARK_KEY = "gate-arithmetic";

/** The benchmark file: GATE_PROMPTS rows of JSONL. */
export function gateBenchmarkFile(): Uint8Array {
  const rows = Array.from({ length: GATE_PROMPTS }, (_, i) => {
    const item = makeArithmeticItem(i + 1, 11);
    return JSON.stringify({ input: item.question, truth: item.answer });
  });
  return new TextEncoder().encode(`${rows.join("\n")}\n`);
}

/** Registers the three models (one fake server each) and the benchmark in the client's project. */
export async function registerGateFixture(client: Client): Promise<FakeModelServer[]> {
  const servers: FakeModelServer[] = [];
  for (const [key, behavior] of Object.entries(GATE_MODELS)) {
    const latencyMs = key === "fake/slow" ? 60_000 : 1;
    const server = await startFakeModelServer({ latencyMs, behavior });
    servers.push(server);
    await client.models.createCustom({
      name: key,
      key,
      description: "",
      api_url: server.url,
      max_tokens: 64,
    });
  }
  await client.benchmarks.createCustom({
    name: GATE_BENCHMARK_KEY,
    description: "sums",
    file: gateBenchmarkFile(),
    filename: "gate-arithmetic.jsonl",
    scoring_metric: "numeric",
  });
  return servers;
}

export interface GateFixture {
  client: Client;
  /** Runs `model` on the benchmark to its end (`fake/slow`: only starts it). */
  run(model: GateModelKey): Promise<Evaluation>;
}

export function useGateFixture(service: () => TestService): () => GateFixture {
  let servers: FakeModelServer[] = [];
  let fixture: GateFixture | undefined;
  beforeAll(async () => {
    const { apiKey, apiUrl } = service();
    const client = new Client({ apiKey, baseURL: apiUrl });
    servers = await registerGateFixture(client);
    fixture = {
      client,
      async run(key) {
        const model = await client.models.getByKey(key);
        const benchmark = await client.benchmarks.getByKey(GATE_BENCHMARK_KEY);
        if (!model || !benchmark) throw new Error("gate fixture missing");
        const created = await client.evaluations.create(model, benchmark);
        if (key === "fake/slow") return created;
        return client.evaluations.waitForCompletion(created, {
          intervalMs: 100,
          timeoutMs: 25_000,
        });
      },
    };
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  return () => {
    if (!fixture) throw new Error("no gate fixture: call useGateFixture() at the top of the file");
    return fixture;
  };
}
