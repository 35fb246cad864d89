import type { Evaluation, ListResultsResponse } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  createSumsBenchmark,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  arithmeticBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A cancelled run keeps the results and counters it had when it was cancelled: the answers of
// model calls still in flight then are not stored (they were, and the counters moved on after
// the cancel). The calls are held by the fake endpoint until the test lets them go: no timing.

const PROMPTS = 20;
const IN_FLIGHT = 4;

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;
let arrived = 0;
let release!: () => void;
const gate = new Promise<void>((resolve) => {
  release = resolve;
});

beforeAll(async () => {
  fake = await startFakeModelServer({
    behavior: async (request) => {
      arrived += 1;
      await gate;
      return arithmeticBehavior(request);
    },
  });
  service = await startTestService({
    workers: true,
    env: { ASSAY_RATE_LIMIT_ENABLED: "false", ALLOWED_MODEL_HOSTS: "127.0.0.1" },
  });
  tenant = await tenantOf(service);
});
afterAll(async () => {
  release();
  await service?.close();
  await fake?.close();
});

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("cancelling an evaluation", () => {
  it("stores no answer that arrives after the cancel", async () => {
    const evaluation = await createEvaluation(service, tenant, {
      model_id: await createModel(service, tenant, fake.url),
      dataset_id: await createSumsBenchmark(service, tenant, PROMPTS, 5),
      concurrency: IN_FLIGHT,
      cache: false,
    });

    await until(() => arrived >= IN_FLIGHT);
    const cancelled = await service.call<Evaluation>(
      "POST",
      `/evaluations/${evaluation.id}/cancel`,
    );
    expect(cancelled.status).toBe(200);
    release();
    // The job has seen its calls answered and is gone.
    const queue = service.running.deps.queue;
    await until(
      async () => !(await queue.hasLiveJob("run-evaluation", { evaluation_id: evaluation.id })),
    );

    const after = await service.call<Evaluation>("GET", `/evaluations/${evaluation.id}`);
    expect(after.body.status).toBe("cancelled");
    expect(after.body.assay.progress.done).toBe(0);
    const results = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${evaluation.id}`,
    );
    expect(results.status).toBe(200);
    expect(results.body.results).toEqual([]);
    expect(results.body.metrics.total_count).toBe(0);
  });
});
