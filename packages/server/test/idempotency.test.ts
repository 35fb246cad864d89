import type { Evaluation } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createModel,
  createSumsBenchmark,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIdempotencyService } from "../src/resources/idempotency/service.ts";

// Exactly-once creates: a POST repeated with its Idempotency-Key (a client retrying after a lost
// answer) gets the first answer and makes nothing new, even when the first request's process
// died between its commit and keeping its answer; an upload is imported once.

describe.each(DIALECTS)("idempotent creates on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let benchmarkId: string;
  let modelId: string;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    service = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    tenant = await tenantOf(service);
    benchmarkId = await createSumsBenchmark(service, tenant, 3, 1);
    modelId = await createModel(service, tenant, fake.url);
    item = { model_id: modelId, dataset_id: benchmarkId };
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  const project = () => `/organizations/${tenant.org}/projects/${tenant.project}`;
  const createRuns = (key: string, items: Record<string, unknown>[]) =>
    service.call<{ data: Evaluation[]; error?: { message: string } }>(
      "POST",
      `${project()}/evaluations`,
      { apiKey: tenant.key, headers: { "idempotency-key": key }, json: items },
    );
  const runCount = async () =>
    Number(
      (
        await service.running.deps.db
          .selectFrom("evaluations")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let item: { model_id: string; dataset_id: string };

  it("answers a repeated create with the first answer, and creates nothing more", async () => {
    const before = await runCount();
    const items = [item, { ...item, limit: 1 }];
    const first = await createRuns("key-a", items);
    expect(first.status).toBe(201);
    const again = await createRuns("key-a", items);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await runCount()).toBe(before + 2);
    // Without a key, or under another, a create is a new one.
    expect((await createRuns("key-b", [item])).body.data[0]?.id).not.toBe(first.body.data[0]?.id);
    expect(await runCount()).toBe(before + 3);
  });

  it("refuses a key used for another request, and says a running one is still running", async () => {
    await createRuns("key-c", [item]);
    const other = await createRuns("key-c", [{ ...item, limit: 2 }]);
    expect(other.status).toBe(409);
    expect(other.body.error?.message).toContain("used for another request");

    // A claim whose request still runs (its lease not over): wait, says the answer.
    const started = await createIdempotencyService(service.running.deps).start(
      tenant.org,
      "key-running",
      {
        method: "POST",
        path: `${new URL(service.apiUrl).pathname}${project()}/evaluations`,
        body: [item],
      },
    );
    expect(started.kind).toBe("run");
    const waiting = await createRuns("key-running", [item]);
    expect(waiting.status).toBe(409);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("gives the key back when the request fails, so the retry runs", async () => {
    const before = await runCount();
    const refused = await createRuns("key-d", [{ ...item, dataset_id: modelId }]);
    expect(refused.status).toBe(400);
    const retried = await createRuns("key-d", [item]);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await runCount()).toBe(before + 1);
  });

  it("finds the runs of a request whose process died after creating them", async () => {
    const first = await createRuns("key-e", [item]);
    // As a kill -9 after the commit leaves it: the runs exist, the claim has no answer and its
    // lease ran out.
    await service.running.deps.db
      .updateTable("idempotency_keys")
      .set({ status_code: null, response: null, locked_until: new Date(0).toISOString() })
      .where("key", "=", "key-e")
      .execute();
    const before = await runCount();
    const again = await createRuns("key-e", [item]);
    expect(again.status).toBe(201);
    expect(again.body.data.map((e) => e.id)).toEqual(first.body.data.map((e) => e.id));
    expect(await runCount()).toBe(before);
  });

  it("replays any create: a custom model created twice under one key is one model", async () => {
    const body = {
      name: "Twice",
      key: "acme/twice",
      description: "",
      api_url: fake.url,
      max_tokens: 8,
    };
    const post = () =>
      service.call<{ data: { model_id: string } }>("POST", `${project()}/custom-models`, {
        apiKey: tenant.key,
        headers: { "idempotency-key": "key-model" },
        json: body,
      });
    const first = await post();
    const again = await post();
    expect([first.status, again.status]).toEqual([first.status, first.status]);
    expect(again.body.data.model_id).toBe(first.body.data.model_id);
  });

  it("refuses a key that is not printable text, naming the header", async () => {
    const bad = await createRuns(" ", [item]);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("headers.idempotency-key");
  });

  it("imports an upload once: a repeated create answers its traces, even two at once", async () => {
    const lines = Array.from({ length: 100 }, (_, i) =>
      JSON.stringify({ input: `question ${i}`, output: `answer ${i}` }),
    );
    await uploadFile(service, { ...tenant, purpose: "trace" }, "once.jsonl", lines.join("\n"));
    const create = () =>
      service.call<{ data: { trace_ids: string[] } }>("POST", `${project()}/traces`, {
        apiKey: tenant.key,
        json: { filename: "once.jsonl" },
      });
    const [a, b] = await Promise.all([create(), create()]);
    const c = await create();
    for (const res of [a, b, c]) expect(res.status).toBeLessThan(300);
    expect(a.body.data.trace_ids).toHaveLength(100);
    expect(b.body.data.trace_ids).toEqual(a.body.data.trace_ids);
    expect(c.body.data.trace_ids).toEqual(a.body.data.trace_ids);
    const stored = await service.running.deps.db
      .selectFrom("traces")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("filename", "=", "once.jsonl")
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(100);

    // A new upload of the file is a new import.
    await uploadFile(service, { ...tenant, purpose: "trace" }, "once.jsonl", lines.join("\n"));
    const fresh = await create();
    expect(fresh.body.data.trace_ids).toHaveLength(100);
    expect(fresh.body.data.trace_ids[0]).not.toBe(a.body.data.trace_ids[0]);
  });
});
