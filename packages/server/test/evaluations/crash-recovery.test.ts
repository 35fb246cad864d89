import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Evaluation } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  gsm8kBehavior,
  gsm8kExpectedCorrect,
  importGsm8k,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../../../cli/src/main.ts", import.meta.url));
const LEASE_SECONDS = 2;

let service: TestService;
let fake: FakeModelServer;
const children: ChildProcess[] = [];
/** Model calls per GSM8K question and seed (a repeat's), as the fake model received them. */
const calls = new Map<string, number>();
const questionOf = (prompt: string) => prompt.slice(prompt.indexOf("Question: ") + 10);
const callKey = (prompt: string, seed: unknown) => `${questionOf(prompt)}#${seed ?? ""}`;

/** A real `assay worker` process on the test service's database and data dir. */
function startWorker(): ChildProcess {
  const { config } = service.running.deps;
  const child = spawn(process.execPath, [...WORKSPACE_NODE_FLAGS, CLI, "worker"], {
    env: {
      ...process.env,
      ASSAY_DATA_DIR: config.dataDir,
      ...(config.database.dialect === "postgres" ? { DATABASE_URL: config.database.url } : {}),
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      ASSAY_JOB_POLL_INTERVAL_MS: "100",
      ASSAY_EVAL_CHUNK_SIZE: "50",
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  return child;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

beforeAll(async () => {
  const answer = gsm8kBehavior();
  fake = await startFakeModelServer({
    latencyMs: 20,
    behavior: (request) => {
      const key = callKey(request.lastUserMessage, request.body.seed);
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return answer(request);
    },
  });
  // API only: the work happens in the worker processes.
  service = await startTestService({
    workers: false,
    env: {
      ASSAY_EVAL_CHUNK_SIZE: "50",
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_RATE_LIMIT_ENABLED: "false",
      // pg-boss fixes a queue's heartbeat when the first process creates it: this one.
      ASSAY_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    },
  });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await service?.close();
  await fake?.close();
});

describe("worker crashes", () => {
  it(
    "a kill -9 mid-run loses nothing and scores every prompt exactly once after a restart",
    () => killAndResume({ prompts: 600, repeats: 1 }),
    120_000,
  );

  it(
    "with repeats, every (prompt, repeat) is answered exactly once",
    () => killAndResume({ prompts: 150, repeats: 4 }),
    120_000,
  );
});

/**
 * Runs `prompts` GSM8K prompts `repeats` times (seed 100: repeat r sends seed 100 + r) in one
 * worker, kills it with SIGKILL after 100 answers, and resumes the run in two others.
 */
async function killAndResume({ prompts, repeats }: { prompts: number; repeats: number }) {
  // The workers of an earlier scenario would work on this one's run before the kill.
  await Promise.all(
    children.filter((c) => c.exitCode === null && c.signalCode === null).map(killed),
  );
  const tenant = await tenantOf(service);
  const benchmark = await importGsm8k(service);
  const model = await createModel(service, tenant, fake.url, `acme/fake-${repeats}`);
  const total = prompts * repeats;
  const created = await createEvaluation(service, tenant, {
    model_id: model,
    dataset_id: benchmark,
    limit: prompts,
    concurrency: 8,
    cache: false,
    ...(repeats > 1 ? { repeats, seed: 100 } : {}),
  });

  const first = startWorker();
  await waitForEvaluation(service, created.id, {
    timeoutMs: 30_000,
    until: (e) => e.assay.progress.done >= 100,
  });
  await killed(first);
  const atKill = new Map(calls);
  const partial = await waitForEvaluation(service, created.id, { until: () => true });
  expect(partial.status).toBe("in-progress");
  expect(partial.assay.progress.done).toBeLessThan(total);
  const { db } = service.running.deps;
  // Each answer the run asks for, and whether its result was stored when the worker died.
  const answers = await sql<{ input_text: string; repeat: number; stored: number }>`
    select s.input_text, s.repeat,
      case when exists (
        select 1 from evaluation_results r
        where r.evaluation_id = s.evaluation_id and r.position = s.position
      ) then 1 else 0 end as stored
    from evaluation_samples s where s.evaluation_id = ${created.id}
  `.execute(db);

  // Two workers resume it: the dead worker's chunks come back once their leases expire.
  startWorker();
  startWorker();
  const done: Evaluation = await waitForEvaluation(service, created.id, { timeoutMs: 60_000 });
  expect(done.status).toBe("success");
  expect(done.assay.progress).toMatchObject({ total, done: total, failed: 0 });
  expect(done.assay.progress.correct).toBe(gsm8kExpectedCorrect(prompts) * repeats);

  const counts = await sql<{ rows: number; distinct_positions: number }>`
    select count(*) as rows, count(distinct position) as distinct_positions
    from evaluation_results where evaluation_id = ${created.id}
  `.execute(db);
  expect(Number(counts.rows[0]!.rows)).toBe(total);
  expect(Number(counts.rows[0]!.distinct_positions)).toBe(total);
  // Answer by answer: none whose result was stored before the kill is asked again (the resumed
  // chunks run only answers without a result), and every other one is asked after it. A
  // question that appears twice in the run counts as stored only when both of its prompts were.
  const stored = new Map<string, boolean>();
  for (const a of answers.rows) {
    const key = callKey(a.input_text, repeats > 1 ? 100 + Number(a.repeat) : undefined);
    stored.set(key, (stored.get(key) ?? true) && Number(a.stored) === 1);
  }
  const after = (key: string) => (calls.get(key) ?? 0) - (atKill.get(key) ?? 0);
  const storedAtKill = [...stored].filter(([, s]) => s).map(([key]) => key);
  const unstoredAtKill = [...stored].filter(([, s]) => !s).map(([key]) => key);
  expect(storedAtKill.length).toBeGreaterThanOrEqual(90);
  expect(storedAtKill.filter((key) => after(key) > 0)).toEqual([]);
  expect(unstoredAtKill.filter((key) => after(key) === 0)).toEqual([]);
  // The shared limit held across the worker processes.
  expect(fake.stats().maxInFlight).toBeLessThanOrEqual(8);
}
