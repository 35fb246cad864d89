import type { Evaluation, EvaluationProgressEvent } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createEvaluation,
  createModel,
  gsm8kBehavior,
  importGsm8k,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type OpenedStream, openEventStream } from "@assay/test-kit/event-stream.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `GET P/evaluations/{id}/events` with the API and the workers in two services sharing one
 * database, as `assay serve --no-workers` and `assay worker` run: the stream can only follow the
 * run through the counters in the database.
 */
describe.each(DIALECTS)("evaluation event streams on %s", (dialect) => {
  let api: TestService;
  let worker: TestService;
  let fast: FakeModelServer;
  let slow: FakeModelServer;
  let tenant: Tenant;
  let gsm8kId: string;
  let fastModel: string;
  let slowModel: string;

  beforeAll(async () => {
    const env = { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_JOB_POLL_INTERVAL_MS: "50" };
    // About 2.5 s for 24 prompts two at a time: a few ticks of the once-a-second poll.
    fast = await startFakeModelServer({ latencyMs: 200, behavior: gsm8kBehavior() });
    slow = await startFakeModelServer({ latencyMs: 60_000, behavior: gsm8kBehavior() });
    api = await startTestService({ dialect, env });
    worker = await startTestService({ dialect, env, workers: true, database: api.database });
    tenant = await tenantOf(api);
    gsm8kId = await importGsm8k(api);
    fastModel = await createModel(api, tenant, fast.url, "acme/fast");
    slowModel = await createModel(api, tenant, slow.url, "acme/slow");
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await Promise.all([fast?.close(), slow?.close()]);
  });

  const eventsUrl = (id: string, t: Tenant = tenant) =>
    `${api.apiUrl}/organizations/${t.org}/projects/${t.project}/evaluations/${id}/events`;
  const start = (modelId: string, limit: number) =>
    createEvaluation(api, tenant, {
      model_id: modelId,
      dataset_id: gsm8kId,
      limit,
      concurrency: 2,
    });
  const progressPoller = () => api.running.deps.evaluationProgress;

  async function readAll(stream: OpenedStream) {
    const events: { event: string; data: EvaluationProgressEvent }[] = [];
    for await (const e of stream.events) events.push({ event: e.event, data: JSON.parse(e.data) });
    return events;
  }

  async function until(check: () => boolean, what: string) {
    const deadline = Date.now() + 20_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it("streams monotone progress with an interim interval, then the final state, and ends", async () => {
    const created = await start(fastModel, 24);
    const stream = await openEventStream(eventsUrl(created.id), tenant.key);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers.get("x-request-id")).toBeTruthy();
    // Rate-limited like any call: one token for the whole stream.
    expect(stream.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    const events = await readAll(stream);
    expect(stream.extras[0]).toMatch(/^retry: \d+$/);

    const final = await waitForEvaluation(api, created.id, { key: tenant.key });
    expect(final.status).toBe("success");
    const progress = events.filter((e) => e.event === "progress").map((e) => e.data);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)?.event).toBe("done");
    expect(events.filter((e) => e.event === "done")).toHaveLength(1);
    const dones = [...progress, events.at(-1)!.data].map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    for (const p of progress) {
      expect(p.total).toBe(24);
      expect(p.accuracy).toBe(p.done === 0 ? 0 : p.correct / p.done);
      if (p.done > 0) {
        expect(p.accuracy_ci95.low).toBeLessThanOrEqual(p.accuracy);
        expect(p.accuracy_ci95.high).toBeGreaterThanOrEqual(p.accuracy);
      }
    }
    expect(events.at(-1)!.data).toMatchObject({
      evaluation_id: created.id,
      status: "success",
      total: 24,
      done: 24,
      correct: final.assay.progress.correct,
      accuracy: final.accuracy,
      accuracy_ci95: final.assay.accuracy_ci95,
      finished_at: final.finished_at,
    });
    await until(() => progressPoller().stats().pollers === 0, "the poller to stop");
  });

  it("answers a finished evaluation with its final state at once", async () => {
    const created = await start(fastModel, 2);
    const final = await waitForEvaluation(api, created.id, { key: tenant.key });
    const events = await readAll(await openEventStream(eventsUrl(created.id), tenant.key));
    expect(events).toEqual([
      {
        event: "done",
        data: expect.objectContaining({ status: "success", accuracy: final.accuracy }),
      },
    ]);
  });

  it("reads once per tick for all viewers of a run, and stops when the last one leaves", async () => {
    const created = await start(slowModel, 4);
    const before = progressPoller().stats().reads;
    const a = await openEventStream(eventsUrl(created.id), tenant.key);
    const b = await openEventStream(eventsUrl(created.id), tenant.key);
    const firstA = await a.events.next();
    const firstB = await b.events.next();
    expect([firstA.value?.event, firstB.value?.event]).toEqual(["progress", "progress"]);
    // Two viewers, one poller of this evaluation: the second joined the first's reads.
    expect(progressPoller().stats()).toMatchObject({ pollers: 1, subscribers: 2 });
    const ticksWhileShared = progressPoller().stats().reads - before;
    expect(ticksWhileShared).toBeGreaterThanOrEqual(1);

    a.close();
    await until(
      () => progressPoller().stats().subscribers === 1,
      "the first viewer to be released",
    );
    expect(progressPoller().stats().pollers).toBe(1);
    b.close();
    await until(() => progressPoller().stats().pollers === 0, "the poller to stop");
    const after = progressPoller().stats().reads;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(progressPoller().stats().reads).toBe(after);

    await api.call<Evaluation>("POST", `/evaluations/${created.id}/cancel`, { apiKey: tenant.key });
  });

  it("ends open streams when the server shuts down, so closing does not wait for viewers", async () => {
    const created = await start(slowModel, 4);
    const second = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" },
      database: api.database,
    });
    const url = `${second.apiUrl}/organizations/${tenant.org}/projects/${tenant.project}/evaluations/${created.id}/events`;
    const stream = await openEventStream(url, tenant.key);
    expect((await stream.events.next()).value?.event).toBe("progress");
    await second.close();
    const rest = [];
    for await (const e of stream.events) rest.push(e);
    expect(rest).toEqual([]);
    expect(second.running.deps.evaluationProgress.stats()).toMatchObject({ pollers: 0 });
    await api.call<Evaluation>("POST", `/evaluations/${created.id}/cancel`, { apiKey: tenant.key });
  });

  it("is 404 for another tenant's evaluation and for an unknown one, 401 without a key", async () => {
    const created = await start(fastModel, 1);
    const other = await api.admin.create({ organization: "Other org" });
    const stranger: Tenant = {
      key: other.key,
      org: other.organization.id,
      project: other.project.id,
    };
    const foreign = await openEventStream(eventsUrl(created.id, stranger), stranger.key);
    expect(foreign.status).toBe(404);
    const unknown = await openEventStream(eventsUrl("no-such-evaluation"), tenant.key);
    expect(unknown.status).toBe(404);
    const anonymous = await openEventStream(eventsUrl(created.id), "");
    expect(anonymous.status).toBe(401);
    expect(progressPoller().stats().subscribers).toBe(0);
    await waitForEvaluation(api, created.id, { key: tenant.key });
  });
});
