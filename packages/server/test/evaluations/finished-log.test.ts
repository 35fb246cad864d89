import {
  createEvaluation,
  createModel,
  createSumsBenchmark,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import {
  arithmeticBehavior,
  type FakeModelServer,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Whoever runs `assay serve` sees each run end in its log, with its counts: one info line per
 * evaluation, however many workers finished its chunks.
 */

interface LogLine {
  level: number;
  msg: string;
  evaluation?: string;
}

const lines: LogLine[] = [];
let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;

beforeAll(async () => {
  fake = await startFakeModelServer({ behavior: arithmeticBehavior });
  const logger = pino(
    { level: "info" },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  service = await startTestService({
    logger,
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_JOB_POLL_INTERVAL_MS: "50" },
  });
  tenant = await tenantOf(service);
}, 60_000);
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

describe("the log of a finished evaluation", () => {
  it("says `evaluation <id> finished: correct/total` once, at info", async () => {
    const modelId = await createModel(service, tenant, fake.url);
    const benchmarkId = await createSumsBenchmark(service, tenant, 8, 3);
    const created = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmarkId,
      is_custom_model: true,
      is_custom_dataset: true,
    });
    const done = await waitForEvaluation(service, created.id, { key: tenant.key });
    expect(done.status).toBe("success");
    const { correct, total } = done.assay.progress;
    const finished = () => lines.filter((l) => l.evaluation === done.id && /finished/.test(l.msg));
    await expect.poll(() => finished().length).toBe(1);
    expect(finished()[0]).toMatchObject({
      level: 30,
      msg: `evaluation ${done.id} finished: ${correct}/${total}`,
    });
  });
});
