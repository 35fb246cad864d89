import type { ErrorBody } from "@assay/protocol";
import { createModel } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudgeRow,
  importOk,
  jsonl,
  type ListTracesResponse,
  projectPath,
  recordEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/trace-fixtures.ts";
import { openAiLog, otlpExport } from "@assay/test-kit/trace-samples.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillTraceSummaries } from "../../src/resources/traces/backfill-trace-summaries.ts";

/**
 * The traces list as an observability tool (issue 31): latency, tokens, cost, model, service,
 * session and user read at import, sorted and filtered in SQL; an errored judge run told apart
 * from a pending one and filterable; the latest human label beside the verdicts; older traces
 * summarized by housekeeping. On SQLite, or PostgreSQL with DATABASE_URL.
 */

let service: TestService;
let tenant: Tenant;
let otel: string[];
let chats: string[];

/** Three `{input, output}` traces of a self-hosted model with its own prices. */
const local = (n: number, latency: number, user: string) => ({
  input: `question ${n}`,
  output: "answer",
  metadata: {
    model: "acme/local-llama",
    latency_ms: latency,
    user_id: user,
    session_id: `s-${n % 2}`,
    usage: { input_tokens: 1000 * n, output_tokens: 100 },
  },
});

const list = (query = "") =>
  service.call<ListTracesResponse & ErrorBody>(
    "GET",
    `${projectPath(tenant)}/traces?page_size=100${query}`,
    { apiKey: tenant.key },
  );

beforeAll(async () => {
  service = await startTestService({
    env: { ASSAY_RATE_LIMIT_ENABLED: "false", ALLOWED_MODEL_HOSTS: "127.0.0.1" },
  });
  tenant = await tenantOf(service);
  const model = await createModel(service, tenant, "http://127.0.0.1:9/v1", "acme/local-llama");
  const priced = await service.call("PATCH", `${projectPath(tenant)}/custom-models/${model}`, {
    apiKey: tenant.key,
    json: { cost_per_input_token: "0.000001", cost_per_output_token: "0.000002" },
  });
  expect(priced.status, priced.text).toBe(200);
  otel = await importOk(service, tenant, "otel.jsonl", jsonl(otlpExport));
  chats = await importOk(
    service,
    tenant,
    "local.jsonl",
    jsonl(local(1, 900, "ana"), local(2, 300, "ben"), local(3, 1200, "ana"), openAiLog),
  );
});
afterAll(async () => {
  await service?.close();
});

describe("trace summary columns", () => {
  it("reads OpenTelemetry GenAI attributes and the export's service.name", async () => {
    const res = await list("&source=otel.jsonl");
    expect(res.status, res.text).toBe(200);
    const agent = res.body.data.traces.find((t) => t.model?.startsWith("gpt-4o"));
    expect(agent).toMatchObject({
      model: "gpt-4o-2024-08-06",
      service_name: "travel-assistant",
    });
    expect(agent?.duration_ms).toBeGreaterThan(0);
    expect(agent?.input_tokens).toBeGreaterThan(0);
    // A catalog model's prices, found through the dated name the provider answered with.
    expect(agent?.cost_usd).toBeGreaterThan(0);
    const legacy = res.body.data.traces.find((t) => t.model === "gpt-3.5-turbo");
    expect(legacy).toMatchObject({ input_tokens: 21, output_tokens: 2, total_tokens: 23 });
    expect(legacy?.duration_ms).toBe(1200);
    expect(otel.length).toBe(2);
  });

  it("reads a record's metadata and prices a custom model's traces", async () => {
    const res = await list("&source=local.jsonl&sort_by=position&sort_order=asc");
    const [first, second, third, chat] = res.body.data.traces;
    expect(first).toMatchObject({
      duration_ms: 900,
      input_tokens: 1000,
      output_tokens: 100,
      total_tokens: 1100,
      model: "acme/local-llama",
      session_id: "s-1",
      user_id: "ana",
    });
    expect(first?.cost_usd).toBeCloseTo(1000 * 0.000001 + 100 * 0.000002, 12);
    expect(second?.cost_usd).toBeCloseTo(2000 * 0.000001 + 100 * 0.000002, 12);
    expect(third?.user_id).toBe("ana");
    // An OpenAI chat log: the response's model and usage, the log's latency, the catalog's prices.
    expect(chat).toMatchObject({
      model: "gpt-4o-mini-2024-07-18",
      input_tokens: 112,
      output_tokens: 19,
      duration_ms: 840,
    });
    expect(chat?.cost_usd).toBeGreaterThan(0);
    expect(chats.length).toBe(4);
  });

  it("sorts on latency, tokens and cost, unknowns last either way", async () => {
    await importOk(service, tenant, "unknown.jsonl", jsonl({ input: "no figures", output: "" }));
    const order = async (query: string) =>
      (await list(`&time_range=1d${query}`)).body.data.traces.map((t) => t.input);
    const local = (inputs: (string | undefined)[]) =>
      inputs.filter((i) => i?.startsWith("question"));
    const desc = await order("&sort_by=duration_ms&sort_order=desc");
    expect(local(desc)).toEqual(["question 3", "question 1", "question 2"]);
    expect(desc.at(-1)).toBe("no figures");
    const asc = await order("&sort_by=duration_ms&sort_order=asc");
    expect(local(asc)).toEqual(["question 2", "question 1", "question 3"]);
    expect(asc.at(-1)).toBe("no figures");
    expect(local(await order("&sort_by=cost_usd&sort_order=asc"))).toEqual([
      "question 1",
      "question 2",
      "question 3",
    ]);
    expect((await order("&sort_by=cost_usd&sort_order=desc")).at(-1)).toBe("no figures");
    expect(local(await order("&sort_by=total_tokens&sort_order=desc"))[0]).toBe("question 3");
  });

  it("filters on model, service, session, user and latency", async () => {
    const count = async (query: string) => (await list(query)).body.data.total_count;
    expect(await count("&model=acme/local-llama")).toBe(3);
    expect(await count("&service_name=travel-assistant")).toBe(2);
    expect(await count("&user_id=ana")).toBe(2);
    expect(await count("&session_id=s-0")).toBe(1);
    expect(await count("&min_duration_ms=1000")).toBe(2);
    expect(await count("&user_id=nobody")).toBe(0);
  });

  it("refuses a bad latency filter with a 400 naming it", async () => {
    const res = await list("&min_duration_ms=-5");
    expect(res.status).toBe(400);
    expect(res.text).toContain("min_duration_ms");
    expect((await list("&min_duration_ms=abc")).status).toBe(400);
  });

  it("tells an errored judge run from a pending one, filters errors, and shows the latest label", async () => {
    const judge = await createJudgeRow(service, tenant, "Grounded");
    const at = (n: number) => new Date(service.clock.now().getTime() + n * 1000).toISOString();
    const [a, b, c] = chats;
    const evaluation = await recordEvaluation(service, tenant, {
      traceId: a!,
      judgeId: judge,
      createdAt: at(1),
      passed: true,
    });
    await recordEvaluation(service, tenant, {
      traceId: b!,
      judgeId: judge,
      createdAt: at(2),
      failed: true,
    });
    await recordEvaluation(service, tenant, { traceId: c!, judgeId: judge, createdAt: at(3) });
    await service.running.deps.db
      .insertInto("annotations")
      .values({
        id: "label-1",
        organization_id: tenant.org,
        project_id: tenant.project,
        judge_id: judge,
        trace_id: a!,
        trace_evaluation_id: evaluation,
        passed: 0,
        score: null,
        comment: null,
        created_at: at(4),
        updated_at: at(4),
        created_by: "ak_test…",
      })
      .execute();
    const res = await list("&source=local.jsonl&sort_by=position&sort_order=asc");
    const [first, second, third] = res.body.data.traces;
    expect(first?.last_evaluations[0]).toMatchObject({ passed: true, status: "success" });
    expect(first?.latest_label).toMatchObject({ passed: false, judge_id: judge });
    expect(second?.last_evaluations[0]).toMatchObject({ status: "failure" });
    expect(second?.last_evaluations[0]?.passed).toBeUndefined();
    expect(third?.last_evaluations[0]).toMatchObject({ status: "pending" });
    expect(third?.latest_label).toBeUndefined();
    // The trace page's verdicts: each listed evaluation carries its pair's label.
    const evaluations = await service.call<{
      data: { trace_evaluations: { id: string; label?: { passed: boolean } }[] };
    }>("GET", `${projectPath(tenant)}/trace-evaluations?trace_id=${a}`, { apiKey: tenant.key });
    expect(evaluations.body.data.trace_evaluations[0]?.label).toMatchObject({ passed: false });
    const unlabelled = await service.call<{
      data: { trace_evaluations: { label?: unknown }[] };
    }>("GET", `${projectPath(tenant)}/trace-evaluations?trace_id=${b}`, { apiKey: tenant.key });
    expect(unlabelled.body.data.trace_evaluations[0]?.label).toBeUndefined();
    const errors = await list("&status=error");
    expect(errors.body.data.traces.map((t) => t.id)).toEqual([b]);
    expect((await list(`&status=error&judge_id=${judge}`)).body.data.total_count).toBe(1);
    expect((await list("&status=broken")).status).toBe(400);
  });

  it("summarizes traces imported before the columns existed (housekeeping)", async () => {
    const db = service.running.deps.db;
    await db
      .updateTable("traces")
      .set({
        summary_version: null,
        duration_ms: null,
        model: null,
        total_tokens: null,
        cost_usd: null,
      })
      .where("organization_id", "=", tenant.org)
      .execute();
    expect((await list("&model=acme/local-llama")).body.data.total_count).toBe(0);
    const done = await backfillTraceSummaries(service.running.deps);
    expect(done).toBe(7);
    const res = await list("&source=local.jsonl&sort_by=position&sort_order=asc");
    expect(res.body.data.traces[0]).toMatchObject({ model: "acme/local-llama", duration_ms: 900 });
    expect(res.body.data.traces[0]?.cost_usd).toBeCloseTo(0.0012, 12);
    expect(await backfillTraceSummaries(service.running.deps)).toBe(0);
  });

  it("prices again when a model's prices change, and prices traces that came before the model", async () => {
    const costs = async () =>
      (await list("&source=late.jsonl&sort_by=position&sort_order=asc")).body.data.traces.map(
        (t) => t.cost_usd ?? null,
      );
    const trace = local(1, 10, "dee");
    const laterTrace = { ...trace, metadata: { ...trace.metadata, model: "acme/later-llama" } };
    await importOk(service, tenant, "late.jsonl", jsonl(laterTrace));
    expect(await costs()).toEqual([null]);
    const later = await createModel(service, tenant, "http://127.0.0.1:9/v1", "acme/later-llama", {
      cost_per_input_token: "0.000003",
      cost_per_output_token: "0.000004",
    });
    expect((await costs())[0]).toBeCloseTo(1000 * 0.000003 + 100 * 0.000004, 12);
    const path = `${projectPath(tenant)}/custom-models/${later}`;
    const patch = (json: object) => service.call("PATCH", path, { apiKey: tenant.key, json });
    expect((await patch({ cost_per_output_token: "0.00001" })).status).toBe(200);
    expect((await costs())[0]).toBeCloseTo(1000 * 0.000003 + 100 * 0.00001, 12);
    expect((await patch({ cost_per_input_token: null, cost_per_output_token: null })).status).toBe(
      200,
    );
    expect(await costs()).toEqual([null]);
  });
});
