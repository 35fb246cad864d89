import type {
  Agreement,
  Judge,
  Trace,
  TraceEvaluation,
  TraceEvaluationResult,
  TraceEvaluationStatus,
  TraceWithEvaluations,
} from "@assay/protocol";
import type { Reply } from "./scripted-server.ts";

/** Wire objects of the judge, trace and trace-evaluation routes, valid against the protocol. */

export const PROJECT_PATH = "/organizations/org-1/projects/proj-1";
export const JUDGE_ID = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
export const TRACE_ID = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
export const TRACE_EVALUATION_ID = "3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f";
const CREATED = "2026-11-21T10:00:00.000Z";

/** `{"status": "success", "data": …}`, the envelope of every route here. */
export function wrapped(data: unknown, status = 200): Reply {
  return { status, body: { status: "success", data } };
}

/** A judge's agreement while nobody has labeled anything it judged. */
export const NO_AGREEMENT: Agreement = {
  annotation_count: 0,
  compared: 0,
  agreements: 0,
  accuracy: null,
  accuracy_interval: null,
  kappa: null,
  kappa_interval: null,
};

export function judgeBody(overrides: Partial<Judge> = {}): Judge {
  return {
    id: JUDGE_ID,
    organization_id: "org-1",
    project_id: "proj-1",
    name: "Helpfulness",
    evaluation_goal: "The answer resolves the user's question.",
    version: 1,
    created_at: CREATED,
    updated_at: CREATED,
    model_id: "m-1",
    model_name: "Fake judge",
    model_company: "Acme",
    run_count: 0,
    annotation_count: 0,
    agreement: NO_AGREEMENT,
    versions: [
      {
        version: 1,
        name: "Helpfulness",
        evaluation_goal: "The answer resolves the user's question.",
        updated_at: CREATED,
        updated_by: "assay_AbCd…wxyz",
        model_id: "m-1",
      },
    ],
    ...overrides,
  };
}

export function traceBody(overrides: Partial<Trace> = {}): Trace {
  return {
    id: TRACE_ID,
    organization_id: "org-1",
    project_id: "proj-1",
    created_at: CREATED,
    filename: "traces.jsonl",
    data: { input: "What is 2 + 2?", output: "4" },
    input: "What is 2 + 2?",
    format: "input_output",
    position: 1,
    ...overrides,
  };
}

export function listedTraceBody(
  overrides: Partial<TraceWithEvaluations> = {},
): TraceWithEvaluations {
  return {
    ...traceBody(),
    evaluations_count: 1,
    last_evaluations: [
      {
        judge_id: JUDGE_ID,
        judge_name: "Helpfulness",
        judge_version: 1,
        created_at: CREATED,
        passed: true,
      },
    ],
    ...overrides,
  };
}

export function traceEvaluationBody(
  status: TraceEvaluationStatus = "pending",
  overrides: Partial<TraceEvaluation> = {},
): TraceEvaluation {
  return {
    id: TRACE_EVALUATION_ID,
    trace_id: TRACE_ID,
    judge_id: JUDGE_ID,
    status,
    judge_snapshot: { name: "Helpfulness", version: 1, evaluationGoal: "The answer resolves it." },
    created_at: CREATED,
    ...(status === "pending" ? {} : { started_at: CREATED }),
    ...(status === "success" || status === "failure" ? { finished_at: CREATED } : {}),
    organization_id: "org-1",
    project_id: "proj-1",
    status_description: status === "failure" ? "the judge model answered 500" : "",
    ...overrides,
  };
}

export function resultBody(overrides: Partial<TraceEvaluationResult> = {}): TraceEvaluationResult {
  return {
    id: "r-1",
    trace_evaluation_id: TRACE_EVALUATION_ID,
    trace_id: TRACE_ID,
    judge_id: JUDGE_ID,
    score: 0.9,
    passed: true,
    reasoning: "Correct and concise.",
    model: "fake/judge",
    turns: 1,
    latency_ms: 12,
    prompt_tokens: 200,
    completion_tokens: 30,
    total_cost: 0,
    created_at: CREATED,
    steps: [],
    truncated: false,
    ...overrides,
  };
}

/** The JSON body a request carried. */
export function bodyOf(request: { body: Buffer } | undefined): unknown {
  return JSON.parse(request?.body.toString() ?? "null") as unknown;
}
