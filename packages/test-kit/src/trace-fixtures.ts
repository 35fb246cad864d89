import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { request } from "node:http";
import type {
  CreateUploadResponse,
  DeleteTraceResponseSchema,
  ErrorBody,
  GetTraceResponseSchema,
  ListTracesResponseSchema,
  TraceSourcesResponseSchema,
} from "@assay/protocol";
import type { z } from "zod";
import type { Tenant } from "./evaluation-fixtures.ts";
import type { TestResponse, TestService } from "./test-service.ts";
import { uploadFile } from "./upload-file.ts";

export type { Tenant } from "./evaluation-fixtures.ts";
export { tenantOf } from "./evaluation-fixtures.ts";

export type GetTraceResponse = z.infer<typeof GetTraceResponseSchema>;
export type ListTracesResponse = z.infer<typeof ListTracesResponseSchema>;
export type TraceSourcesResponse = z.infer<typeof TraceSourcesResponseSchema>;
export type DeleteTraceResponse = z.infer<typeof DeleteTraceResponseSchema>;

export const projectPath = (tenant: Tenant) =>
  `/organizations/${tenant.org}/projects/${tenant.project}`;

export const jsonl = (...records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n");

export interface CreateTracesAnswer {
  data: { trace_ids: string[] };
}

/** Uploads a trace file (URL, PUT) and asks for its traces; answers the create call's response. */
export async function importTraces(
  service: TestService,
  tenant: Tenant,
  filename: string,
  content: string | Buffer,
  type = filename.endsWith(".json") ? "application/json" : "application/jsonl",
): Promise<TestResponse<CreateTracesAnswer & ErrorBody>> {
  await uploadFile(
    service,
    { key: tenant.key, org: tenant.org, project: tenant.project, purpose: "trace" },
    filename,
    content,
    type,
  );
  return service.call("POST", `${projectPath(tenant)}/traces`, {
    apiKey: tenant.key,
    json: { filename },
  });
}

/** Like importTraces, for files that must be accepted: answers the new ids. */
export async function importOk(
  service: TestService,
  tenant: Tenant,
  filename: string,
  content: string | Buffer,
): Promise<string[]> {
  const res = await importTraces(service, tenant, filename, content);
  if (res.status !== 201) throw new Error(`import refused: ${res.status} ${res.text}`);
  return res.body.data.trace_ids;
}

/** An upload URL for a trace file of `size` bytes. */
export async function traceUploadUrl(
  service: TestService,
  tenant: Tenant,
  filename: string,
  size: number,
): Promise<TestResponse<CreateUploadResponse & ErrorBody>> {
  return service.call("POST", `${projectPath(tenant)}/traces/upload`, {
    apiKey: tenant.key,
    json: { filename, type: "application/jsonl", size },
  });
}

/**
 * PUTs a file from disk to an upload URL, streaming it (never held in memory), and answers the
 * status. The server may answer before the body is sent (413 by Content-Length): the status is
 * taken from the response and the broken pipe that follows is ignored.
 */
export function putFile(
  url: string,
  headers: Record<string, string>,
  path: string,
  size: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "PUT",
      headers: { ...headers, "content-length": String(size) },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const file = createReadStream(path);
    file.on("error", reject);
    file.pipe(req);
  });
}

/** A trace evaluation row as the trace-evaluation service stores one (verdict optional); answers its id. */
export async function recordEvaluation(
  service: TestService,
  tenant: Tenant,
  row: {
    traceId: string;
    judgeId: string;
    createdAt: string;
    passed?: boolean;
    version?: number;
    /** A run that errored: no verdict, status `failure`. */
    failed?: boolean;
  },
): Promise<string> {
  const id = randomUUID();
  const version = row.version ?? 1;
  const judge = await service.running.deps.db
    .selectFrom("judges")
    .select("name")
    .where("id", "=", row.judgeId)
    .executeTakeFirstOrThrow();
  await service.running.deps.db
    .insertInto("trace_evaluations")
    .values({
      id,
      organization_id: tenant.org,
      project_id: tenant.project,
      trace_id: row.traceId,
      judge_id: row.judgeId,
      judge_version: version,
      judge_snapshot: JSON.stringify({ name: judge.name, version, evaluationGoal: "Be right." }),
      status: row.failed ? "failure" : row.passed === undefined ? "pending" : "success",
      status_description: row.failed ? "the judge model answered 500" : "",
      created_at: row.createdAt,
      started_at: null,
      finished_at: null,
      result_id: null,
      score: row.passed === undefined ? null : row.passed ? 1 : 0,
      passed: row.passed === undefined ? null : row.passed ? 1 : 0,
      reasoning: null,
      model: null,
      turns: null,
      latency_ms: null,
      prompt_tokens: null,
      completion_tokens: null,
      total_cost: null,
      truncated: null,
      result_at: null,
    })
    .execute();
  return id;
}

/** A judge row of the tenant's project; answers its id. */
export async function createJudgeRow(
  service: TestService,
  tenant: Tenant,
  name: string,
): Promise<string> {
  const id = randomUUID();
  const at = service.clock.now().toISOString();
  await service.running.deps.db
    .insertInto("judges")
    .values({
      id,
      organization_id: tenant.org,
      project_id: tenant.project,
      name,
      evaluation_goal: "Be right.",
      model_id: null,
      version: 1,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
