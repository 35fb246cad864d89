// The project the dashboard is measured on, filled the way users fill one: custom benchmarks
// uploaded through the API and real evaluations of them on fake models (loopback, no latency),
// run by the service's own workers. Nothing is written behind the API's back.
import type { Client, Evaluation, Model } from "@assay/client";
import {
  type FakeBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import {
  addFakeModel,
  addNumericBenchmark,
} from "../../packages/web/test/support/dashboard-service.ts";

const SUM = /Q(\d+):[\s\S]*?What is (\d+) \+ (\d+)\?/;

/** Answers `Q<id>: … What is A + B?` with A + B, or A + B + 1 when `wrong(id)`. */
export function sums(wrong: (id: number) => boolean): FakeBehavior {
  return ({ lastUserMessage }) => {
    const match = SUM.exec(lastUserMessage);
    if (match === null) return { content: "I do not know.", bad: true };
    const id = Number(match[1]);
    const sum = Number(match[2]) + Number(match[3]);
    return { content: `Let me add.\n#### ${wrong(id) ? sum + 1 : sum}` };
  };
}

/** The large evaluation's rule: 3 in 4 right (id ≡ 3 mod 4 is answered wrong). */
export const isWrong = (id: number) => id % 4 === 3;
const SEED = 15;
const SUBSETS = ["single-digit", "two-digit", "three-digit", "word-problem", "carry", "no-carry"];

/** Row `position` (0-based) of the large benchmark: item id position + 1, six subsets. */
export function largeRow(position: number) {
  const item = makeArithmeticItem(position + 1, SEED);
  return {
    input: item.question,
    truth: item.answer,
    subset: SUBSETS[position % SUBSETS.length] as string,
  };
}

export interface FakeModels {
  servers: FakeModelServer[];
  close(): Promise<void>;
}

/** Three fake models of different skill: 100 %, 75 % and 50 % right. */
export async function startFakeModels(): Promise<FakeModels> {
  const servers = await Promise.all(
    [() => false, isWrong, (id: number) => id % 2 === 1].map((wrong) =>
      startFakeModelServer({ behavior: sums(wrong) }),
    ),
  );
  return { servers, close: async () => void (await Promise.all(servers.map((s) => s.close()))) };
}

async function register(client: Client, fakes: FakeModels): Promise<Model[]> {
  const keys = ["fake/steady", "fake/three-in-four", "fake/coin"];
  return Promise.all(
    fakes.servers.map((server, i) => addFakeModel(client, keys[i] as string, server)),
  );
}

/**
 * A custom benchmark of `prompts` sums in six subsets, uploaded and run to completion on the
 * three-in-four model (concurrency 64); answers the finished evaluation.
 */
export async function runLargeEvaluation(
  client: Client,
  models: Model[],
  prompts: number,
  log: (line: string) => void,
): Promise<Evaluation> {
  const rows = Array.from({ length: prompts }, (_, position) => largeRow(position));
  let started = performance.now();
  const benchmark = await addNumericBenchmark(client, `Sums ${prompts}`, rows);
  log(`uploaded a ${prompts}-prompt benchmark in ${seconds(started)}`);
  started = performance.now();
  const created = await client.evaluations.create(models[1] as Model, benchmark, {
    concurrency: 64,
  });
  const evaluation = await client.evaluations.waitForCompletion(created, { intervalMs: 1000 });
  if (evaluation.status !== "success") throw new Error(`the large evaluation ${evaluation.status}`);
  log(`ran it in ${seconds(started)}: accuracy ${evaluation.accuracy}`);
  return evaluation;
}

/**
 * `count` small evaluations (20 prompts) of the three models on three benchmarks, created 20 per
 * request as a script would, and waited for until every one has succeeded. Repeated pairs are
 * answered from the service's response cache, as on a real project.
 */
export async function runSmallEvaluations(
  client: Client,
  models: Model[],
  count: number,
  log: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const benchmarks = await Promise.all(
    [101, 202, 303].map((seed, b) =>
      addNumericBenchmark(
        client,
        `Sums ${String.fromCharCode(65 + b)}`,
        Array.from({ length: 20 }, (_, i) => {
          const item = makeArithmeticItem(i + 1, seed);
          return { input: item.question, truth: item.answer, subset: i < 10 ? "early" : "late" };
        }),
      ),
    ),
  );
  const before = (await client.evaluations.getMany({ pageSize: 1 })).totalCount;
  const pairs = models.flatMap((model) => benchmarks.map((benchmark) => ({ model, benchmark })));
  for (let first = 0; first < count; first += 20) {
    const batch = Array.from({ length: Math.min(20, count - first) }, (_, i) => ({
      ...(pairs[(first + i) % pairs.length] as (typeof pairs)[number]),
      concurrency: 8,
    }));
    await client.evaluations.createMany(batch);
  }
  for (;;) {
    const countOf = async (status: "success" | "failure") =>
      (await client.evaluations.getMany({ pageSize: 1, status })).totalCount;
    const [succeeded, failed] = await Promise.all([countOf("success"), countOf("failure")]);
    if (failed > 0) throw new Error(`${failed} small evaluations failed`);
    if (succeeded >= before + count) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  log(`ran ${count} small evaluations in ${seconds(started)}`);
}

export async function seedProject(
  client: Client,
  fakes: FakeModels,
  sizes: { prompts: number; evaluations: number },
  log: (line: string) => void,
): Promise<Evaluation> {
  const models = await register(client, fakes);
  // The large one first: the list shows the newest, so it is not on the first page, as on a
  // project where a big run was followed by many small ones.
  const large = await runLargeEvaluation(client, models, sizes.prompts, log);
  await runSmallEvaluations(client, models, sizes.evaluations - 1, log);
  return large;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
