import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { IntegrationEvent } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createEvaluation,
  createModel,
  gsm8kBehavior,
  importGsm8k,
  type Tenant,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { WORKSPACE_NODE_FLAGS } from "@assay/test-kit/workspace-node.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOST_ATTEMPT } from "../../src/resources/integrations/delivery-worker.ts";
import { verifySignature } from "../../src/resources/integrations/signature.ts";
import { type Receiver, startReceiver } from "./receiver.ts";
import { createIntegration, deliveryLog, newTenant, waitForLog } from "./support.ts";

const CLI = fileURLToPath(new URL("../../../cli/src/main.ts", import.meta.url));

/**
 * The outbox survives the death of the process that would deliver it. The work happens in real
 * `assay worker` processes on the test service's database, killed with SIGKILL mid-delivery; the
 * in-process service only serves the API (no workers of its own).
 */
describe.each(DIALECTS)("integration deliveries across a crash on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let gsm8k: string;
  const children: ChildProcess[] = [];
  const receivers: Receiver[] = [];

  function startWorker(): ChildProcess {
    const { config } = service.running.deps;
    // The suite's DATABASE_URL (PostgreSQL) must not reach a worker of the SQLite service.
    const { DATABASE_URL: _suiteDatabase, ...inherited } = process.env;
    const child = spawn(process.execPath, [...WORKSPACE_NODE_FLAGS, CLI, "worker"], {
      env: {
        ...inherited,
        ASSAY_DATA_DIR: config.dataDir,
        ...(config.database.dialect === "postgres" ? { DATABASE_URL: config.database.url } : {}),
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_JOB_LEASE_SECONDS: "2",
        ASSAY_JOB_POLL_INTERVAL_MS: "100",
        // A lease on a delivery is 2 × 1 s + 5 s: a dead worker's delivery is taken over in 7 s.
        ASSAY_INTEGRATION_TIMEOUT_SECONDS: "1",
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    children.push(child);
    return child;
  }

  const killed = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGKILL");
    });

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: gsm8kBehavior() });
    service = await startTestService({
      dialect,
      workers: false,
      env: {
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_RATE_LIMIT_ENABLED: "false",
        ASSAY_JOB_LEASE_SECONDS: "2",
      },
    });
    gsm8k = await importGsm8k(service);
  });

  afterAll(async () => {
    await Promise.all(children.map(killed));
    await service?.close();
    await fake?.close();
    for (const r of receivers) await r.close();
  });

  async function setUp(name: string) {
    const tenant: Tenant = await newTenant(service, name);
    const receiver = await startReceiver(() => "hold");
    receivers.push(receiver);
    const integration = await createIntegration(service, tenant, {
      name,
      host_url: receiver.url,
    });
    const model = await createModel(service, tenant, fake.url, "acme/fake");
    return { tenant, receiver, integration, model };
  }

  it("a worker killed while its receiver has not answered: exactly one delivery after the restart", async () => {
    const { tenant, receiver, integration, model } = await setUp("Killed mid-delivery");
    const first = startWorker();
    const run = await createEvaluation(service, tenant, {
      model_id: model,
      dataset_id: gsm8k,
      limit: 4,
    });
    const done = await waitForEvaluation(service, run.id, { key: tenant.key, timeoutMs: 60_000 });
    expect(done.status).toBe("success");
    // The worker stored the event with the run's status and sent it; the receiver holds the
    // request unanswered, and the worker dies before any answer.
    await receiver.waitFor(1, 30_000);
    await killed(first);
    expect(await deliveryLog(service, tenant, integration.id)).toEqual([]);

    receiver.setReply(() => ({ status: 200, text: "received" }));
    startWorker();
    const log = await waitForLog(service, tenant, integration.id, 2, 40_000);
    expect(log.map((a) => [a.attempt, a.status, a.http_status, a.error])).toEqual([
      [2, "succeeded", 200, null],
      [1, "failed", null, LOST_ATTEMPT],
    ]);
    // Well past another lease and many polls: nothing more is sent.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.acknowledged()).toHaveLength(1);
    expect(receiver.requests).toHaveLength(2);
    const [held, acknowledged] = receiver.requests.map(
      (r) => JSON.parse(r.body) as IntegrationEvent,
    );
    expect(acknowledged).toEqual(held);
    expect(acknowledged).toMatchObject({
      type: "evaluation.finished",
      data: { id: run.id, status: "success", accuracy: done.accuracy },
    });
    const request = receiver.acknowledged()[0]!;
    expect(
      verifySignature(
        integration.secret,
        request.body,
        request.headers["assay-signature"] as string,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
  }, 120_000);

  it("an event stored while no worker runs is delivered once a worker starts", async () => {
    await Promise.all(children.map(killed));
    const { tenant, receiver, integration, model } = await setUp("No worker yet");
    receiver.setReply(() => ({ status: 202 }));
    // No worker: the run stays pending; cancelling it stores its end, and the event, in the API process.
    const run = await createEvaluation(service, tenant, {
      model_id: model,
      dataset_id: gsm8k,
      limit: 4,
    });
    const cancelled = await service.call("POST", `/evaluations/${run.id}/cancel`, {
      apiKey: tenant.key,
    });
    expect(cancelled.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toEqual([]);

    startWorker();
    await receiver.waitFor(1, 30_000);
    const log = await waitForLog(service, tenant, integration.id, 1);
    expect(log).toEqual([
      expect.objectContaining({ attempt: 1, status: "succeeded", http_status: 202 }),
    ]);
    const event = JSON.parse(receiver.requests[0]!.body) as IntegrationEvent;
    expect(event).toMatchObject({
      type: "evaluation.failed",
      data: { id: run.id, status: "cancelled", accuracy: null, accuracy_ci95: null },
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.requests).toHaveLength(1);
  }, 120_000);
});
