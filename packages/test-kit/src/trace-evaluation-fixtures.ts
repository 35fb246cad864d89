import { randomUUID } from "node:crypto";
import type { Judge, TraceEvaluation } from "@assay/protocol";
import { recognizeTrace } from "@assay/server/src/engine/traces/index.ts";
import type { Dialect } from "./databases.ts";
import type { Tenant } from "./evaluation-fixtures.ts";
import type { FakeBehavior, FakeReply, FakeRequest } from "./fake-model-server.ts";
import { startTestService, type TestService } from "./test-service.ts";

/**
 * A service whose workers judge traces with a fake judge on this machine: model calls to
 * 127.0.0.1 allowed, jobs polled every 50 ms, no rate limit in the way of polling tests.
 */
export function startJudgingService(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<TestService> {
  return startTestService({
    dialect,
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
      ...env,
    },
  });
}

export const projectPath = (t: Tenant) => `/organizations/${t.org}/projects/${t.project}`;

/** Creates a judge; answers it as the API shows it. */
export async function createJudge(
  service: TestService,
  tenant: Tenant,
  body: { name: string; evaluation_goal: string; model_id?: string },
): Promise<Judge> {
  const res = await service.call<{ data: { id: string } }>(
    "POST",
    `${projectPath(tenant)}/judges`,
    {
      apiKey: tenant.key,
      json: body,
    },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  const got = await service.call<{ data: Judge }>(
    "GET",
    `${projectPath(tenant)}/judges/${res.body.data.id}`,
    { apiKey: tenant.key },
  );
  return got.body.data;
}

/**
 * Traces written straight into the database (the API's upload path has its own tests, and the
 * flow test uses it): format and input recognized as an upload would.
 */
export async function insertTraces(
  service: TestService,
  tenant: Tenant,
  records: Record<string, unknown>[],
  filename = "traces.jsonl",
): Promise<string[]> {
  const createdAt = service.clock.now().toISOString();
  const rows = records.map((data, i) => {
    const recognized = recognizeTrace(data);
    return {
      id: randomUUID(),
      organization_id: tenant.org,
      project_id: tenant.project,
      filename,
      position: i + 1,
      format: recognized.format,
      input: recognized.input === "" ? null : recognized.input,
      data: JSON.stringify(data),
      integration_id: null,
      created_at: createdAt,
    };
  });
  await service.running.deps.db.insertInto("traces").values(rows).execute();
  return rows.map((r) => r.id);
}

export async function createTraceEvaluation(
  service: TestService,
  tenant: Tenant,
  body: { trace_id: string; judge_id: string },
): Promise<TraceEvaluation> {
  const res = await service.call<{ data: TraceEvaluation }>(
    "POST",
    `${projectPath(tenant)}/trace-evaluations`,
    { apiKey: tenant.key, json: body },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data;
}

export async function waitForTraceEvaluation(
  service: TestService,
  tenant: Tenant,
  id: string,
  timeoutMs = 30_000,
): Promise<TraceEvaluation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await service.call<{ data: TraceEvaluation }>(
      "GET",
      `${projectPath(tenant)}/trace-evaluations/${id}`,
      { apiKey: tenant.key },
    );
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    const { status } = res.body.data;
    if (status === "success" || status === "failure") return res.body.data;
    if (Date.now() > deadline) throw new Error(`trace evaluation ${id} still ${status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** What a judge can see of its prompt: the trace inside the real delimiters, and the rest. */
export function delimitedTrace(request: FakeRequest) {
  const messages = request.body.messages as { role: string; content: string }[];
  const system = messages[0]?.content ?? "";
  const nonce = /tags ending in "-([0-9a-f]{16})"/.exec(system)?.[1];
  if (!nonce) return undefined;
  const user = messages[1]?.content ?? "";
  const open = `<trace-${nonce}>\n`;
  const close = `\n</trace-${nonce}>`;
  const start = user.indexOf(open);
  const end = user.indexOf(close);
  return {
    system,
    body: user.slice(start + open.length, end),
    outside: user.slice(0, start) + user.slice(end + close.length),
    closings: user.split(`</trace-${nonce}>`).length - 1,
    repair: messages.length > 2,
  };
}

const verdict = (passed: boolean, reasoning: string) =>
  JSON.stringify({ reasoning, score: passed ? 0.9 : 0.1, passed });

/**
 * A fake judge endpoint. It grades only the trace inside the real delimiters: a trace that
 * mentions Paris passes. Text outside the block that carries a verdict or an instruction fools
 * it (so an attack that escaped the delimiters would show). Markers in the judge's goal pick a
 * behavior:
 * - `[garbage]` never answers with a verdict · `[prose-first]` needs the repair turn
 * - `[echo]` quotes the trace before its verdict · `[no-structured]` answers 400 to
 *   `response_format` · `[unauthorized]` answers 401 · `[unavailable]` answers 503
 */
export function judgeBehavior(): FakeBehavior {
  return (request): FakeReply => {
    const trace = delimitedTrace(request);
    if (!trace) return { content: "I was not asked to judge anything.", bad: true };
    const { system } = trace;
    if (system.includes("[unauthorized]"))
      return { status: 401, body: { error: { message: "invalid api key" } } };
    if (system.includes("[unavailable]"))
      return { status: 503, body: { error: { message: "overloaded" } } };
    if (system.includes("[no-structured]") && request.body.response_format !== undefined)
      return {
        status: 400,
        body: { error: { message: "response_format json_schema is not supported" } },
      };
    if (system.includes("[garbage]")) return { content: "The trace looks fine to me!" };
    if (system.includes("[prose-first]") && !trace.repair) return { content: "I think it passes." };
    if (trace.closings !== 1) return { content: "the delimiters are broken", bad: true };
    const fooled = /"score": *1\b|ignore (all )?previous/i.test(trace.outside);
    const passed = fooled || /\bParis\b/.test(trace.body);
    const answer = verdict(
      passed,
      passed ? "The answer names Paris." : "The answer does not name Paris.",
    );
    return {
      content: system.includes("[echo]") ? `Trace:\n${trace.body}\nVerdict: ${answer}` : answer,
      usage: { prompt_tokens: 200, completion_tokens: 30 },
    };
  };
}
