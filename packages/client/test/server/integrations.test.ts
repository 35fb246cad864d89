import { createHmac } from "node:crypto";
import { type Client, type IntegrationEvent, NotFoundError } from "@assay/client";
import { BadRequestError, ConflictError } from "@assay/client/errors";
import {
  arithmeticBehavior,
  type FakeModelServer,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Receiver, startReceiver } from "../../../server/test/integrations/receiver.ts";
import { newTenantClient, requestLog } from "../support/service-clients.ts";

/**
 * `client.integrations` against a real Assay server with workers and a webhook receiver on
 * loopback: the original client's list, get and test, the extensions (create, update, delete,
 * the delivery log), and a finished evaluation's notification as the SDK sees it in the log.
 */

let service: TestService;
let fake: FakeModelServer;
let hook: Receiver;
let client: Client;

/** What a receiver checks (docs/integrations.md): `v1` is the HMAC-SHA256 of `<t>.<body>`. */
function signedBy(secret: string, body: string, header: string): boolean {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")));
  return createHmac("sha256", secret).update(`${t}.${body}`).digest("hex") === v1;
}

beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  fake = await startFakeModelServer({ latencyMs: 1, behavior: arithmeticBehavior });
  hook = await startReceiver();
  client = await newTenantClient(service);
});
afterAll(async () => {
  await hook?.close();
  await fake?.close();
  await service?.close();
});

describe("client.integrations", () => {
  it("creates with the secret shown once, gets, lists, updates and deletes", async () => {
    const created = await client.integrations.create({
      name: "Deploy hook",
      type: "webhook",
      host_url: hook.url,
      events: ["evaluation.finished"],
    });
    expect(created).toMatchObject({
      name: "Deploy hook",
      type: "webhook",
      host_url: hook.url,
      active: true,
      status: "new",
      events: ["evaluation.finished"],
      project_ids: [],
      organization_id: client.organizationId,
    });
    expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(created.config.secret_last4).toBe(created.secret.slice(-4));

    const { secret: _, ...withoutSecret } = created;
    const got = await client.integrations.get(created);
    expect(got).toEqual(withoutSecret);
    expect(got).not.toHaveProperty("secret");

    const page = await client.integrations.getMany();
    expect(page).toEqual({ integrations: [got], count: 1, totalCount: 1 });

    const paused = await client.integrations.update(created.id, { active: false, name: "Paused" });
    expect(paused).toMatchObject({ active: false, name: "Paused" });
    expect(paused.config.secret_last4).toBe(created.config.secret_last4);

    expect(await client.integrations.delete(created)).toEqual({
      organization_id: client.organizationId,
      id: created.id,
    });
    await expect(client.integrations.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await client.integrations.getMany()).count).toBe(0);
  });

  it("speaks the routes as the original client does", async () => {
    const log = requestLog(service.apiUrl);
    const logged = await newTenantClient(service, { fetch: log.fetch });
    const created = await logged.integrations.create({
      name: "Logged",
      type: "slack",
      host_url: hook.url,
    });
    await logged.integrations.getMany({ page: 2, pageSize: 1000 });
    await logged.integrations.test(created);
    const org = logged.organizationId;
    expect(log.requests.slice(1).map((r) => [r.route, r.url.search, r.body])).toEqual([
      [`POST /organizations/${org}/integrations`, "", expect.objectContaining({ type: "slack" })],
      [`GET /organizations/${org}/integrations`, "?page=2&page_size=500", undefined],
      [`POST /organizations/${org}/integrations/${created.id}/test`, "", {}],
    ]);
  });

  it("tests an integration: a signed event, the receiver's answer, both attempts in the log", async () => {
    const created = await client.integrations.create({
      name: "Tested",
      type: "webhook",
      host_url: hook.url,
    });
    const before = hook.requests.length;
    hook.setReply((_r, i) =>
      i === before ? { status: 200, text: "got it" } : { status: 500, text: "broken" },
    );
    expect(await client.integrations.test(created)).toEqual({
      success: true,
      message: "the receiver answered 200: got it",
    });
    const request = hook.requests[before];
    const event = JSON.parse(request?.body ?? "") as IntegrationEvent;
    expect(event).toMatchObject({ type: "integration.test", data: { id: created.id } });
    const signature = request?.headers["assay-signature"] as string;
    expect(signedBy(created.secret, request?.body ?? "", signature)).toBe(true);
    expect(signedBy(`${created.secret}x`, request?.body ?? "", signature)).toBe(false);

    expect(await client.integrations.test(created.id)).toEqual({
      success: false,
      message: "the receiver answered 500: broken",
    });
    const log = await client.integrations.deliveries(created);
    expect(log).toMatchObject({
      count: 2,
      totalCount: 2,
      pagination: { page: 1, pageSize: 50, totalPages: 1, totalCount: 2 },
    });
    expect(log.deliveries.map((d) => [d.status, d.http_status, d.response_excerpt])).toEqual([
      ["failed", 500, "broken"],
      ["succeeded", 200, "got it"],
    ]);
    const second = await client.integrations.deliveries(created, { page: 2, pageSize: 1 });
    expect(second.deliveries.map((d) => d.id)).toEqual([log.deliveries[1]?.id]);
    expect((await client.integrations.get(created)).status).toBe("failing");
    hook.setReply(() => ({ status: 200, text: "ok" }));
  });

  it("sees a finished evaluation's notification in the delivery log", async () => {
    const created = await client.integrations.create({
      name: "Runs",
      type: "webhook",
      host_url: hook.url,
      events: ["evaluation.finished", "evaluation.failed"],
    });
    const rows = Array.from({ length: 4 }, (_, i) => {
      const item = makeArithmeticItem(i + 1, 7);
      return { input: item.question, truth: item.answer };
    });
    const { benchmark_id } = await client.benchmarks.createCustom({
      name: "Sums",
      description: "sums",
      file: new TextEncoder().encode(`${rows.map((r) => JSON.stringify(r)).join("\n")}\n`),
      filename: "sums.jsonl",
      scoring_metric: "numeric",
    });
    const { model_id } = await client.models.createCustom({
      name: "fake/adder",
      key: "fake/adder",
      description: "",
      api_url: fake.url,
      max_tokens: 64,
    });
    const run = await client.evaluations.create(
      await client.models.getById(model_id),
      await client.benchmarks.getById(benchmark_id),
    );
    const done = await client.evaluations.waitForCompletion(run, {
      intervalMs: 50,
      timeoutMs: 20_000,
    });

    const deadline = Date.now() + 20_000;
    let log = await client.integrations.deliveries(created);
    while (log.count === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      log = await client.integrations.deliveries(created);
    }
    expect(log.deliveries.map((d) => [d.event_type, d.status, d.attempt])).toEqual([
      ["evaluation.finished", "succeeded", 1],
    ]);
    const received = hook.requests.find(
      (r) => r.headers["assay-event-id"] === log.deliveries[0]?.event_id,
    );
    const event = JSON.parse(received?.body ?? "") as IntegrationEvent;
    expect(event.data).toMatchObject({ object: "evaluation", id: run.id, status: "success" });
    expect(event.data.accuracy).toBe(done.accuracy);
    expect(event.data.accuracy_ci95?.low).toBeLessThanOrEqual(done.accuracy);
  });

  it("raises the SDK's errors for a taken name, a bad field and an unknown id", async () => {
    await client.integrations.create({ name: "Twice", type: "webhook", host_url: hook.url });
    await expect(
      client.integrations.create({ name: "Twice", type: "webhook", host_url: hook.url }),
    ).rejects.toBeInstanceOf(ConflictError);
    const bad = client.integrations.create({
      name: "Bad",
      type: "webhook",
      host_url: "ftp://example.com/hook",
    });
    await expect(bad).rejects.toBeInstanceOf(BadRequestError);
    await expect(bad).rejects.toThrow(/body\.host_url/);
    const unknown = "00000000-0000-4000-8000-000000000000";
    await expect(client.integrations.test(unknown)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.integrations.deliveries(unknown)).rejects.toBeInstanceOf(NotFoundError);
  });
});
