import type { ErrorBody } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  type GetTraceResponse,
  importOk,
  importTraces,
  jsonl,
  type ListTracesResponse,
  projectPath,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/trace-fixtures.ts";
import {
  AGENT_TRACE_ID,
  agentRun,
  chatExchange,
  LEGACY_TRACE_ID,
  openAiLog,
  otlpExport,
  otlpExportContinued,
  plainRecord,
  textExchange,
} from "@assay/test-kit/trace-samples.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let service: TestService;
let tenant: Tenant;

beforeAll(async () => {
  service = await startTestService({ env: { ASSAY_RATE_LIMIT_ENABLED: "false" } });
  tenant = await tenantOf(service);
});
afterAll(() => service?.close());

async function getTrace(id: string) {
  const res = await service.call<GetTraceResponse>("GET", `${projectPath(tenant)}/traces/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function countOf(source: string): Promise<number> {
  const res = await service.call<ListTracesResponse>(
    "GET",
    `${projectPath(tenant)}/traces?source=${encodeURIComponent(source)}`,
  );
  return res.body.data.total_count;
}

describe("POST …/traces creates one trace per record", () => {
  it("of a JSONL file of every shape, in file order, each readable with its input", async () => {
    const records = [textExchange, chatExchange, openAiLog, agentRun, plainRecord];
    const res = await importTraces(service, tenant, "mixed.jsonl", jsonl(...records));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "success" });
    const ids = res.body.data.trace_ids;
    expect(ids).toHaveLength(5);

    const traces = await Promise.all(ids.map(getTrace));
    expect(traces.map((t) => [t.position, t.format, t.input])).toEqual([
      [1, "input_output", "What is the capital of France?"],
      [2, "input_output", "My order #1234 has not arrived after ten days."],
      [3, "openai_chat", "Should I take an umbrella?"],
      [4, "agent_events", "Cancel my subscription and refund last month."],
      [5, "json", JSON.stringify(plainRecord)],
    ]);
    expect(traces.map((t) => t.data)).toEqual(records);
    expect(traces[0]).toMatchObject({
      id: ids[0],
      organization_id: tenant.org,
      project_id: tenant.project,
      filename: "mixed.jsonl",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // One file, one creation time: its traces sort together, in file order.
    expect(new Set(traces.map((t) => t.created_at)).size).toBe(1);
  });

  it("keeping tabs, line breaks, backslashes, \\N and non-ASCII text as they were", async () => {
    const record = {
      input: "col1\tcol2\r\nline two \\ \\N C:\\temp\\new — «ça» 🎉",
      output: "\\\\server\\share\n\ttabbed",
      metadata: { path: "a\\b", empty: "" },
    };
    const [id] = await importOk(service, tenant, "escapes.jsonl", jsonl(record));
    const trace = await getTrace(id as string);
    expect(trace.input).toBe(record.input);
    expect(trace.data).toEqual(record);
  });

  it("of an OTLP/JSON export in JSONL, grouped by trace id, spans in start order", async () => {
    const ids = await importOk(
      service,
      tenant,
      "otel.jsonl",
      jsonl(otlpExport, otlpExportContinued),
    );
    expect(ids).toHaveLength(2);
    const [agent, legacy] = await Promise.all(ids.map(getTrace));
    expect(agent).toMatchObject({
      format: "otel_genai",
      position: 1,
      input: "Is it beach weather in Lisbon this afternoon?",
    });
    expect(agent?.data.trace_id).toBe(AGENT_TRACE_ID);
    const spans = agent?.data.spans as { name: string }[];
    expect(spans.map((s) => s.name)).toEqual([
      "invoke_agent trip-planner",
      "chat gpt-4o",
      "execute_tool get_weather",
      "chat gpt-4o",
    ]);
    expect(legacy).toMatchObject({ format: "otel_genai", position: 2 });
    expect(legacy?.data.trace_id).toBe(LEGACY_TRACE_ID);
  });

  it("of a pretty-printed JSON object (one agent trace), and of a pretty OTLP export", async () => {
    const [id] = await importOk(service, tenant, "run.json", JSON.stringify(agentRun, null, 2));
    expect(await getTrace(id as string)).toMatchObject({
      format: "agent_events",
      position: 1,
      data: agentRun,
    });
    const otel = await importOk(
      service,
      tenant,
      "export.json",
      JSON.stringify(otlpExport, null, 2),
    );
    expect(otel).toHaveLength(2);
  });

  it("of a JSON array of objects", async () => {
    const ids = await importOk(
      service,
      tenant,
      "array.json",
      JSON.stringify([textExchange, openAiLog], null, 2),
    );
    const traces = await Promise.all(ids.map(getTrace));
    expect(traces.map((t) => [t.position, t.format])).toEqual([
      [1, "input_output"],
      [2, "openai_chat"],
    ]);
    expect(traces[1]?.data).toEqual(openAiLog);
  });

  it("again for the same file name: the newest upload is parsed", async () => {
    await importOk(service, tenant, "again.jsonl", jsonl(textExchange));
    const second = await importOk(service, tenant, "again.jsonl", jsonl(plainRecord, plainRecord));
    expect(second).toHaveLength(2);
    expect((await getTrace(second[0] as string)).data).toEqual(plainRecord);
    expect(await countOf("again.jsonl")).toBe(3);
  });
});

describe("a refused file creates nothing", () => {
  it("answers 422 listing the bad lines with reasons", async () => {
    const lines = [
      JSON.stringify(textExchange),
      "{broken",
      JSON.stringify(plainRecord),
      "[1,2]",
      '{"__proto__": {"polluted": true}}',
    ];
    const res = await importTraces(service, tenant, "bad.jsonl", lines.join("\n"));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("UNPROCESSABLE_CONTENT");
    expect(res.body.error.details).toEqual([
      { field: "line 2", message: "not valid JSON" },
      { field: "line 4", message: "not a JSON object" },
      { field: "line 5", message: "has a forbidden key (__proto__ or constructor.prototype)" },
    ]);
    expect(res.body.error.message).toBe(
      "bad.jsonl was refused, no trace was created: 3 bad lines: line 2: not valid JSON; " +
        "line 4: not a JSON object; line 5: has a forbidden key (__proto__ or constructor.prototype)",
    );
    expect(await countOf("bad.jsonl")).toBe(0);
  });

  it("rolls back traces already inserted when a bad line comes late in a large file", async () => {
    const good = JSON.stringify(chatExchange);
    const lines = Array.from({ length: 3000 }, () => good);
    lines.push("not json");
    const res = await importTraces(service, tenant, "late.jsonl", lines.join("\n"));
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([{ field: "line 3001", message: "not valid JSON" }]);
    expect(await countOf("late.jsonl")).toBe(0);
    // The aborted write leaves the database usable: the same file, mended, goes in whole.
    lines.pop();
    expect(await importOk(service, tenant, "late.jsonl", lines.join("\n"))).toHaveLength(3000);
  });

  it("names array items and whole-file problems", async () => {
    const array = await importTraces(service, tenant, "items.json", '[{"a":1}, 7]');
    expect(array.status).toBe(422);
    expect(array.body.error.details).toEqual([{ field: "item 2", message: "not a JSON object" }]);
    const empty = await importTraces(service, tenant, "empty.jsonl", "\n\n");
    expect(empty.status).toBe(422);
    expect(empty.body.error.details).toEqual([
      { field: "file", message: "the file has no traces" },
    ]);
  });

  it("answers 400 for a file name nothing was uploaded under", async () => {
    const res = await service.call<ErrorBody>("POST", `${projectPath(tenant)}/traces`, {
      json: { filename: "never.jsonl" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field: "body.filename",
        message: "no uploaded file named never.jsonl; upload it first (POST …/traces/upload)",
      },
    ]);
  });

  it("does not take a benchmark upload of the same name", async () => {
    await uploadFile(service, { org: tenant.org, project: tenant.project }, "bench.jsonl", "{}");
    const res = await service.call<ErrorBody>("POST", `${projectPath(tenant)}/traces`, {
      json: { filename: "bench.jsonl" },
    });
    expect(res.status).toBe(400);
  });
});
