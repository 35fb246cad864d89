import { randomUUID } from "node:crypto";
import type { Annotation, ErrorBody, Judge } from "@assay/protocol";
import type { Tenant } from "@assay/test-kit/evaluation-fixtures.ts";
import type { TestService } from "@assay/test-kit/test-service.ts";
import { projectPath } from "@assay/test-kit/trace-evaluation-fixtures.ts";

/** A fixed timestamp `minute` minutes into 2026: evaluations placed in a chosen order. */
export const minuteAt = (minute: number) =>
  `2026-01-01T00:${String(minute).padStart(2, "0")}:00.000Z`;

/** Calls a project route of `tenant` (paths below `…/projects/{id}`). */
export function projectCaller(service: () => TestService, tenant: () => Tenant) {
  return <T>(method: string, path: string, json?: unknown) =>
    service().call<T & ErrorBody>(method, `${projectPath(tenant())}${path}`, {
      apiKey: tenant().key,
      json,
    });
}

export type ProjectCall = ReturnType<typeof projectCaller>;

export async function putLabel(
  call: ProjectCall,
  traceEvaluationId: string,
  label: { passed: boolean; score?: number; comment?: string },
): Promise<Annotation> {
  const res = await call<{ data: Annotation }>(
    "PUT",
    `/trace-evaluations/${traceEvaluationId}/annotation`,
    label,
  );
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function getJudge(call: ProjectCall, id: string): Promise<Judge> {
  const res = await call<{ data: Judge }>("GET", `/judges/${id}`);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * A finished trace evaluation written straight into the database, with the verdict given (none
 * for `failure`): lets a test place verdicts at chosen moments without a judge model.
 */
export async function insertVerdict(
  service: TestService,
  tenant: Tenant,
  evaluation: {
    judge_id: string;
    trace_id: string;
    status: "success" | "failure" | "pending";
    passed?: boolean;
    at: string;
    /** Default 1. */
    judge_version?: number;
  },
): Promise<string> {
  const id = randomUUID();
  const verdict = evaluation.status === "success";
  await service.running.deps.db
    .insertInto("trace_evaluations")
    .values({
      id,
      organization_id: tenant.org,
      project_id: tenant.project,
      trace_id: evaluation.trace_id,
      judge_id: evaluation.judge_id,
      judge_version: evaluation.judge_version ?? 1,
      judge_snapshot: JSON.stringify({
        name: "inserted",
        version: evaluation.judge_version ?? 1,
        evaluationGoal: "inserted",
      }),
      status: evaluation.status,
      status_description: evaluation.status === "failure" ? "the judge gave no verdict" : "",
      created_at: evaluation.at,
      started_at: evaluation.status === "pending" ? null : evaluation.at,
      finished_at: evaluation.status === "pending" ? null : evaluation.at,
      result_id: verdict ? randomUUID() : null,
      score: verdict ? (evaluation.passed ? 0.8 : 0.2) : null,
      passed: verdict ? (evaluation.passed ? 1 : 0) : null,
      reasoning: verdict ? `inserted ${evaluation.passed ? "pass" : "fail"}` : null,
      model: verdict ? "inserted" : null,
      turns: verdict ? 1 : null,
      latency_ms: verdict ? 1 : null,
      prompt_tokens: verdict ? 1 : null,
      completion_tokens: verdict ? 1 : null,
      total_cost: verdict ? 0 : null,
      truncated: verdict ? 0 : null,
      result_at: verdict ? evaluation.at : null,
    })
    .execute();
  return id;
}
