import { randomUUID } from "node:crypto";
import type { ErrorBody, Integration, IntegrationEvent } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createModel,
  gsm8kBehavior,
  importGsm8k,
  runEvaluation,
  type Tenant,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  createTraceEvaluation,
  insertTraces,
  judgeBehavior,
  waitForTraceEvaluation,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_JUDGE_OPTIMIZATION_JOB } from "../../src/jobs/job-names.ts";
import { createExhaustedHandlers } from "../../src/jobs/run-enders.ts";
import { INACTIVE } from "../../src/resources/integrations/delivery-worker.ts";
import { verifySignature } from "../../src/resources/integrations/signature.ts";
import { type Receiver, startReceiver } from "./receiver.ts";
import {
  createIntegration,
  deliveryLog,
  integrationsPath,
  newTenant,
  waitForLog,
} from "./support.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(DIALECTS)("integrations on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let gsm8k: string;
  const receivers: Receiver[] = [];
  const receiver = async (...args: Parameters<typeof startReceiver>) => {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  };

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: gsm8kBehavior() });
    service = await startTestService({
      dialect,
      workers: true,
      env: {
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_JOB_POLL_INTERVAL_MS: "50",
        ASSAY_RATE_LIMIT_ENABLED: "false",
        ASSAY_INTEGRATION_TIMEOUT_SECONDS: "2",
      },
    });
    gsm8k = await importGsm8k(service);
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
    for (const r of receivers) await r.close();
  });

  /** A finished evaluation of the tenant's fake model on 4 GSM8K prompts. */
  async function finishedRun(tenant: Tenant) {
    const model = await createModel(
      service,
      tenant,
      fake.url,
      `acme/fake-${tenant.org.slice(0, 8)}`,
    );
    return runEvaluation(service, tenant, { model_id: model, dataset_id: gsm8k, limit: 4 });
  }

  describe("management", () => {
    let tenant: Tenant;
    beforeAll(async () => {
      tenant = await newTenant(service, "Management");
    });

    it("creates, reads, lists, updates and deletes; the secret is shown once", async () => {
      const hook = await receiver();
      const created = await createIntegration(service, tenant, {
        name: "CI hook",
        host_url: hook.url,
      });
      expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      expect(created).toMatchObject({
        organization_id: tenant.org,
        name: "CI hook",
        type: "webhook",
        host_url: hook.url,
        status: "new",
        active: true,
        project_id: null,
        project_ids: [],
        config: { signature_header: "Assay-Signature", secret_last4: created.secret.slice(-4) },
      });
      expect(created.events).toHaveLength(5);
      expect(created.created_by).toMatch(/^assay_/);

      const got = await service.call<{ status: string; data: Integration }>(
        "GET",
        `${integrationsPath(tenant)}/${created.id}`,
        { apiKey: tenant.key },
      );
      expect(got.status).toBe(200);
      expect(got.body.status).toBe("success");
      expect(got.text).not.toContain(created.secret);
      const { secret: _secret, ...withoutSecret } = created;
      expect(got.body.data).toEqual(withoutSecret);

      const listed = await service.call<{ status: string; data: Integration[] }>(
        "GET",
        integrationsPath(tenant),
        { apiKey: tenant.key },
      );
      expect(listed.body).toEqual({ status: "success", data: [withoutSecret] });

      const updated = await service.call<{ data: Integration }>(
        "PATCH",
        `${integrationsPath(tenant)}/${created.id}`,
        {
          apiKey: tenant.key,
          json: {
            name: "CI hook (failures)",
            events: ["evaluation.failed"],
            project_ids: [tenant.project],
            active: false,
          },
        },
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        name: "CI hook (failures)",
        events: ["evaluation.failed"],
        project_ids: [tenant.project],
        project_id: tenant.project,
        active: false,
      });

      const deleted = await service.call("DELETE", `${integrationsPath(tenant)}/${created.id}`, {
        apiKey: tenant.key,
      });
      expect(deleted.body).toEqual({
        status: "success",
        data: { organization_id: tenant.org, id: created.id },
      });
      const gone = await service.call("GET", `${integrationsPath(tenant)}/${created.id}`, {
        apiKey: tenant.key,
      });
      expect(gone.status).toBe(404);
    });

    it("refuses invalid input naming the field", async () => {
      const post = (json: unknown) =>
        service.call<ErrorBody>("POST", integrationsPath(tenant), { apiKey: tenant.key, json });
      const fieldOf = async (json: unknown, status = 400) => {
        const res = await post(json);
        expect(res.status, res.text).toBe(status);
        return res.body.error.details?.map((d) => d.field);
      };
      const ok = { name: "Valid", type: "webhook", host_url: "https://hooks.example.com/x" };
      expect(await fieldOf({ ...ok, name: "  " })).toContain("body.name");
      expect(await fieldOf({ ...ok, type: "email" })).toContain("body.type");
      expect(await fieldOf({ ...ok, host_url: "ftp://hooks.example.com/x" })).toContain(
        "body.host_url",
      );
      expect(await fieldOf({ ...ok, events: ["evaluation.started"] })).toContain("body.events.0");
      expect(await fieldOf({ ...ok, events: [] })).toContain("body.events");
      expect(await fieldOf({ ...ok, secret: "mine" })).toBeDefined();
      expect(await fieldOf({ ...ok, project_ids: ["no-such-project"] }, 422)).toEqual([
        "body.project_ids.0",
      ]);

      const first = await createIntegration(service, tenant, { ...ok, name: "Taken" });
      const duplicate = await post({ ...ok, name: "Taken" });
      expect(duplicate.status).toBe(409);
      const empty = await service.call<ErrorBody>(
        "PATCH",
        `${integrationsPath(tenant)}/${first.id}`,
        { apiKey: tenant.key, json: {} },
      );
      expect(empty.status).toBe(400);
      const test = await service.call<ErrorBody>(
        "POST",
        `${integrationsPath(tenant)}/${first.id}/test`,
        { apiKey: tenant.key, json: { extra: 1 } },
      );
      expect(test.status).toBe(400);
    });

    it("refuses a private address the service is not allowed to reach", async () => {
      for (const host_url of ["http://10.0.0.8/hook", "http://192.168.1.2:8080/hook"]) {
        const res = await service.call<ErrorBody>("POST", integrationsPath(tenant), {
          apiKey: tenant.key,
          json: { name: `Private ${host_url}`, type: "webhook", host_url },
        });
        expect(res.status).toBe(400);
        expect(res.body.error.details).toEqual([
          {
            field: "body.host_url",
            message: expect.stringMatching(/^host_url points to a private/),
          },
        ]);
      }
      const metadata = await service.call<ErrorBody>("POST", integrationsPath(tenant), {
        apiKey: tenant.key,
        json: { name: "Metadata", type: "webhook", host_url: "http://169.254.169.254/latest" },
      });
      expect(metadata.status).toBe(400);
    });

    it("keeps organizations apart: another's integration is a 404", async () => {
      const mine = await createIntegration(service, tenant, {
        name: "Private to A",
        host_url: "https://hooks.example.com/a",
      });
      const other = await newTenant(service, "Other organization");
      for (const [method, suffix] of [
        ["GET", ""],
        ["PATCH", ""],
        ["DELETE", ""],
        ["POST", "/test"],
        ["GET", "/deliveries"],
      ] as const) {
        const body = method === "PATCH" ? { active: false } : method === "POST" ? {} : undefined;
        // Under the other organization's own path: the id is unknown there.
        const underOwn = await service.call<ErrorBody>(
          method,
          `${integrationsPath(other)}/${mine.id}${suffix}`,
          { apiKey: other.key, json: body },
        );
        expect(underOwn.status).toBe(404);
        expect(underOwn.body.error.message).toBe("integration not found");
        // Under the owner's path: the organization is not the caller's.
        const underTheirs = await service.call<ErrorBody>(
          method,
          `${integrationsPath(tenant)}/${mine.id}${suffix}`,
          { apiKey: other.key, json: body },
        );
        expect(underTheirs.status).toBe(404);
        expect(underTheirs.body.error.message).toBe("organization not found");
      }
      const list = await service.call<{ data: Integration[] }>("GET", integrationsPath(other), {
        apiKey: other.key,
      });
      expect(list.body.data).toEqual([]);
      const still = await service.call("GET", `${integrationsPath(tenant)}/${mine.id}`, {
        apiKey: tenant.key,
      });
      expect(still.status).toBe(200);
    });
  });

  describe("test events", () => {
    it("sends a signed test event and answers what the receiver said; both are logged", async () => {
      const tenant = await newTenant(service, "Tester");
      const hook = await receiver((_r, i) =>
        i === 0 ? { status: 200, text: "thanks, got it" } : { status: 503, text: "down for now" },
      );
      const created = await createIntegration(service, tenant, { name: "T", host_url: hook.url });
      const test = () =>
        service.call<{ status: string; data: { success: boolean; message: string } }>(
          "POST",
          `${integrationsPath(tenant)}/${created.id}/test`,
          { apiKey: tenant.key, json: {} },
        );

      const ok = await test();
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        status: "success",
        data: { success: true, message: "the receiver answered 200: thanks, got it" },
      });
      const [request] = hook.requests;
      const event = JSON.parse(request!.body) as IntegrationEvent;
      expect(event).toMatchObject({
        type: "integration.test",
        organization_id: tenant.org,
        data: { object: "integration", id: created.id, status: "test" },
      });
      expect(request!.headers["assay-event-id"]).toBe(event.id);
      const header = request!.headers["assay-signature"] as string;
      expect(verifySignature(created.secret, request!.body, header, nowSeconds())).toBe(true);
      expect(verifySignature(created.secret, `${request!.body} `, header, nowSeconds())).toBe(
        false,
      );
      expect(verifySignature(`${created.secret}x`, request!.body, header, nowSeconds())).toBe(
        false,
      );
      expect(verifySignature(created.secret, request!.body, header, nowSeconds() + 3600)).toBe(
        false,
      );

      const failed = await test();
      expect(failed.body.data).toEqual({
        success: false,
        message: "the receiver answered 503: down for now",
      });
      const log = await deliveryLog(service, tenant, created.id);
      expect(log.map((a) => [a.event_type, a.status, a.http_status, a.response_excerpt])).toEqual([
        ["integration.test", "failed", 503, "down for now"],
        ["integration.test", "succeeded", 200, "thanks, got it"],
      ]);
      expect(log.every((a) => a.next_attempt_at === null && a.latency_ms >= 0)).toBe(true);
      // A test is never retried.
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.requests).toHaveLength(2);
      const after = await service.call<{ data: Integration }>(
        "GET",
        `${integrationsPath(tenant)}/${created.id}`,
        { apiKey: tenant.key },
      );
      expect(after.body.data.status).toBe("failing");
    });

    it("says what went wrong when nothing answers", async () => {
      const tenant = await newTenant(service, "Unreachable");
      const closed = await startReceiver();
      await closed.close();
      const created = await createIntegration(service, tenant, { name: "T", host_url: closed.url });
      const res = await service.call<{ data: { success: boolean; message: string } }>(
        "POST",
        `${integrationsPath(tenant)}/${created.id}/test`,
        { apiKey: tenant.key, json: {} },
      );
      expect(res.body.data).toEqual({ success: false, message: "connection refused" });
    });
  });

  describe("run events", () => {
    it("delivers a finished evaluation, signed, with accuracy, interval, counts and link", async () => {
      const tenant = await newTenant(service, "Runner");
      const hook = await receiver();
      const slack = await receiver();
      const failuresOnly = await receiver();
      const otherProject = await receiver();
      const webhook = await createIntegration(service, tenant, { name: "W", host_url: hook.url });
      const toSlack = await createIntegration(service, tenant, {
        name: "S",
        type: "slack",
        host_url: slack.url,
        events: ["evaluation.finished"],
      });
      await createIntegration(service, tenant, {
        name: "F",
        host_url: failuresOnly.url,
        events: ["evaluation.failed"],
      });
      const other = await newTenant(service, "Runner's neighbour");
      await createIntegration(service, other, { name: "N", host_url: otherProject.url });

      const run = await finishedRun(tenant);
      await hook.waitFor(1);
      await slack.waitFor(1);
      const [request] = hook.requests;
      const event = JSON.parse(request!.body) as IntegrationEvent;
      expect(event).toMatchObject({
        type: "evaluation.finished",
        organization_id: tenant.org,
        data: {
          object: "evaluation",
          id: run.id,
          project_id: tenant.project,
          status: "success",
          accuracy: run.accuracy,
          accuracy_ci95: run.assay.accuracy_ci95,
          counts: { total: 4, done: 4, correct: run.assay.progress.correct, failed: 0 },
          url: `${service.origin}/ui/evaluations/${run.id}`,
        },
      });
      expect(event.data.summary).toContain("accuracy");
      expect(request!.headers["assay-event-type"]).toBe("evaluation.finished");
      expect(
        verifySignature(
          webhook.secret,
          request!.body,
          request!.headers["assay-signature"] as string,
          nowSeconds(),
        ),
      ).toBe(true);

      const slackBody = JSON.parse(slack.requests[0]!.body) as { text: string };
      expect(Object.keys(slackBody)).toEqual(["text"]);
      expect(slackBody.text).toContain("`evaluation.finished`");
      expect(slackBody.text).toContain(
        `<${service.origin}/ui/evaluations/${run.id}|Open in Assay>`,
      );
      expect(
        verifySignature(
          toSlack.secret,
          slack.requests[0]!.body,
          slack.requests[0]!.headers["assay-signature"] as string,
          nowSeconds(),
        ),
      ).toBe(true);

      const log = await waitForLog(service, tenant, webhook.id, 1);
      expect(log).toEqual([
        expect.objectContaining({
          event_id: event.id,
          event_type: "evaluation.finished",
          attempt: 1,
          status: "succeeded",
          http_status: 200,
          response_excerpt: "ok",
          next_attempt_at: null,
        }),
      ]);
      // Neither the integration that wants failures only nor another organization's hears of it.
      await new Promise((r) => setTimeout(r, 300));
      expect(failuresOnly.requests).toEqual([]);
      expect(otherProject.requests).toEqual([]);
      expect(hook.requests).toHaveLength(1);
    });

    it("delivers a trace evaluation's end with its verdict and a link to the trace", async () => {
      const tenant = await newTenant(service, "Judging");
      const hook = await receiver();
      await createIntegration(service, tenant, {
        name: "Traces",
        host_url: hook.url,
        events: ["trace_evaluation.finished"],
        project_ids: [tenant.project],
      });
      const judgeServer = await startFakeModelServer({ behavior: judgeBehavior() });
      try {
        const judgeModel = await createModel(service, tenant, judgeServer.url, "acme/judge");
        const judge = await createJudge(service, tenant, {
          name: "Polite",
          evaluation_goal: "The answer is polite and correct.",
          model_id: judgeModel,
        });
        const [traceId] = await insertTraces(service, tenant, [
          { input: "Hi", output: "Hello! How can I help?" },
        ]);
        const created = await createTraceEvaluation(service, tenant, {
          trace_id: traceId!,
          judge_id: judge.id,
        });
        const done = await waitForTraceEvaluation(service, tenant, created.id);
        await hook.waitFor(1);
        const event = JSON.parse(hook.requests[0]!.body) as IntegrationEvent;
        expect(event).toMatchObject({
          type: "trace_evaluation.finished",
          data: {
            object: "trace_evaluation",
            id: created.id,
            project_id: tenant.project,
            status: done.status,
            url: `${service.origin}/ui/traces/${traceId}`,
          },
        });
        expect(event.data.summary).toContain(traceId);
        expect(done.status).toBe("success");
        expect(event.data.counts.passed! + event.data.counts.failed!).toBe(1);
        expect(event.data.summary).toMatch(/: success, (passed|failed)/);
      } finally {
        await judgeServer.close();
      }
    });

    it("judge optimizations and smart benchmark generations notify too", async () => {
      const tenant = await newTenant(service, "Optimizer");
      const hook = await receiver();
      await createIntegration(service, tenant, {
        name: "Other runs",
        host_url: hook.url,
        events: ["judge_optimization.finished", "benchmark_generation.finished"],
      });
      // A smart benchmark: this service has no generator model, so its generation fails.
      await uploadFile(
        service,
        tenant,
        "manual.txt",
        "The relief valve opens at 3 bar.",
        "text/plain",
      );
      const smart = await service.call<{ data: { benchmark_id: string } }>(
        "POST",
        `/organizations/${tenant.org}/projects/${tenant.project}/smart-benchmarks`,
        {
          apiKey: tenant.key,
          json: { name: "Boiler", description: "", system_prompt: "", files: ["manual.txt"] },
        },
      );
      expect(smart.status, smart.text).toBe(201);
      await hook.waitFor(1);
      const generation = JSON.parse(hook.requests[0]!.body) as IntegrationEvent;
      expect(generation).toMatchObject({
        type: "benchmark_generation.finished",
        data: {
          object: "benchmark_generation",
          id: smart.body.data.benchmark_id,
          status: "failed",
          url: `${service.origin}/ui/benchmarks/${smart.body.data.benchmark_id}`,
        },
      });

      // An optimization whose job ran out of attempts, ended the way the queue's handler ends it.
      const model = await createModel(service, tenant, fake.url, "acme/judge-model");
      const judge = await createJudge(service, tenant, {
        name: "Judge",
        evaluation_goal: "The answer is polite and correct.",
        model_id: model,
      });
      const runId = randomUUID();
      const at = service.clock.now().toISOString();
      await service.running.deps.db
        .insertInto("judge_optimization_runs")
        .values({
          id: runId,
          organization_id: tenant.org,
          project_id: tenant.project,
          judge_id: judge.id,
          judge_version: judge.version,
          judge_snapshot: "{}",
          budget: "light",
          status: "in_progress",
          status_description: "",
          annotation_count: 10,
          estimated_cost: 0,
          actual_cost: 0,
          user_id: "test",
          original_goal: judge.evaluation_goal,
          optimized_goal: null,
          logs: "",
          baseline_accuracy: null,
          optimized_accuracy: null,
          stats: null,
          created_at: at,
          started_at: at,
          finished_at: null,
          applied_at: null,
          applied_version: null,
        })
        .execute();
      await createExhaustedHandlers(service.running.deps)[RUN_JUDGE_OPTIMIZATION_JOB]!({
        id: "job",
        name: RUN_JUDGE_OPTIMIZATION_JOB,
        data: { optimization_id: runId },
        attempts: 5,
        error: "boom",
      });
      await hook.waitFor(2);
      const optimization = JSON.parse(hook.requests[1]!.body) as IntegrationEvent;
      expect(optimization).toMatchObject({
        type: "judge_optimization.finished",
        data: {
          object: "judge_optimization",
          id: runId,
          status: "failure",
          counts: { annotations: 10 },
          url: `${service.origin}/ui/optimizations/${runId}`,
        },
      });
      expect(optimization.data.summary).toContain("boom");
    });

    it("a receiver that fails five times then succeeds gets the event exactly once", async () => {
      const tenant = await newTenant(service, "Flaky");
      const hook = await receiver((_r, i) =>
        i < 5 ? { status: 500, text: `failure ${i + 1}` } : { status: 204 },
      );
      const created = await createIntegration(service, tenant, {
        name: "Flaky",
        host_url: hook.url,
        events: ["evaluation.finished"],
      });
      await finishedRun(tenant);
      for (let attempt = 1; attempt <= 5; attempt++) {
        const [latest] = await waitForLog(service, tenant, created.id, attempt);
        expect(latest).toMatchObject({ attempt, status: "failed", http_status: 500 });
        // Time jumps to the next attempt instead of waiting for it (30 s, 1 min, 2 min, 4 min…).
        const wait = Date.parse(latest!.next_attempt_at!) - service.clock.now().getTime();
        expect(wait).toBeGreaterThan(0);
        service.clock.advance(wait + 1);
      }
      const log = await waitForLog(service, tenant, created.id, 6);
      expect(log.map((a) => [a.attempt, a.status, a.http_status])).toEqual([
        [6, "succeeded", 204],
        [5, "failed", 500],
        [4, "failed", 500],
        [3, "failed", 500],
        [2, "failed", 500],
        [1, "failed", 500],
      ]);
      const gaps = log
        .slice(1)
        .reverse()
        .map((a) => Date.parse(a.next_attempt_at!) - Date.parse(a.created_at));
      expect(gaps).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
      // Acknowledged: never sent again, however much time passes.
      service.clock.advance(2 * 24 * 3600_000);
      await new Promise((r) => setTimeout(r, 400));
      expect(hook.requests).toHaveLength(6);
      expect(hook.acknowledged()).toHaveLength(1);
      expect(new Set(hook.requests.map((r) => r.headers["assay-event-id"])).size).toBe(1);
      expect(new Set(hook.requests.map((r) => JSON.parse(r.body).data.summary)).size).toBe(1);
    });

    it("sends nothing more once the integration is deactivated", async () => {
      const tenant = await newTenant(service, "Switched off");
      const hook = await receiver(() => ({ status: 500, text: "not yet" }));
      const created = await createIntegration(service, tenant, {
        name: "Off",
        host_url: hook.url,
        events: ["evaluation.finished"],
      });
      await finishedRun(tenant);
      const [first] = await waitForLog(service, tenant, created.id, 1);
      const off = await service.call("PATCH", `${integrationsPath(tenant)}/${created.id}`, {
        apiKey: tenant.key,
        json: { active: false },
      });
      expect(off.status).toBe(200);
      service.clock.advance(
        Date.parse(first!.next_attempt_at!) - service.clock.now().getTime() + 1,
      );
      const [second] = await waitForLog(service, tenant, created.id, 2);
      expect(second).toMatchObject({
        attempt: 2,
        status: "failed",
        http_status: null,
        error: INACTIVE,
        next_attempt_at: null,
      });
      service.clock.advance(24 * 3600_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.requests).toHaveLength(1);
    });

    it("gives up a day after the event", async () => {
      const tenant = await newTenant(service, "Never answers");
      const hook = await receiver(() => ({ status: 502, text: "bad gateway" }));
      const created = await createIntegration(service, tenant, {
        name: "Dead",
        host_url: hook.url,
        events: ["evaluation.finished"],
      });
      await finishedRun(tenant);
      let log = await waitForLog(service, tenant, created.id, 1);
      while (log[0]!.next_attempt_at !== null) {
        service.clock.advance(
          Date.parse(log[0]!.next_attempt_at!) - service.clock.now().getTime() + 1,
        );
        log = await waitForLog(service, tenant, created.id, log.length + 1);
      }
      const first = log[log.length - 1]!;
      const last = log[0]!;
      expect(Date.parse(last.created_at) - Date.parse(first.created_at)).toBeLessThanOrEqual(
        24 * 3600_000,
      );
      expect(log.length).toBeGreaterThanOrEqual(10);
      expect(log.every((a) => a.status === "failed" && a.http_status === 502)).toBe(true);
      service.clock.advance(24 * 3600_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(hook.requests).toHaveLength(log.length);
    });
  });

  /**
   * The original client's `integration_management` sample, call for call as the protocol
   * document (§13.2) records it: raw HTTP with the API key header, read the way its models read.
   */
  it("serves the original client's integration_management sample", async () => {
    const tenant = await newTenant(service, "Original client");
    const hook = await receiver(() => ({ status: 200, text: "pong" }));
    await createIntegration(service, tenant, { name: "First", host_url: hook.url });
    await createIntegration(service, tenant, { name: "Second", type: "slack", host_url: hook.url });
    const headers = { "x-api-key": tenant.key };
    const call = async (method: string, path: string, json?: unknown) => {
      const res = await fetch(`${service.apiUrl}${path}`, {
        method,
        headers: json === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: json === undefined ? undefined : JSON.stringify(json),
        redirect: "manual",
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      // `_unwrap`: both keys present, then `data`.
      expect(Object.keys(body).sort()).toEqual(["data", "status"]);
      return body.data;
    };
    const org = (await call("GET", "/organizations")) as { id: string };
    expect(org.id).toBe(tenant.org);

    const all = (await call(
      "GET",
      `/organizations/${org.id}/integrations?page=1&page_size=100`,
    )) as Record<string, unknown>[];
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(2);
    for (const item of all) {
      // Integration: id, organization_id, name R; the others optional strings, active bool, config object.
      for (const key of ["id", "organization_id", "name"]) expect(typeof item[key]).toBe("string");
      for (const key of ["type", "host_url", "created_at", "created_by", "status"])
        expect(typeof item[key]).toBe("string");
      expect(item.project_id === null || typeof item.project_id === "string").toBe(true);
      expect(typeof item.active).toBe("boolean");
      expect(typeof item.config).toBe("object");
      expect(item.config).not.toBeNull();
    }
    const page1 = (await call(
      "GET",
      `/organizations/${org.id}/integrations?page=1&page_size=5`,
    )) as unknown[];
    expect(page1).toHaveLength(2);

    const id = all[0]!.id as string;
    const one = (await call("GET", `/organizations/${org.id}/integrations/${id}`)) as Record<
      string,
      unknown
    >;
    expect(one).toEqual(all[0]);
    const result = (await call("POST", `/organizations/${org.id}/integrations/${id}/test`, {})) as {
      success: unknown;
      message: unknown;
    };
    expect(result).toEqual({ success: true, message: "the receiver answered 200: pong" });
  });
});
