import type { Evaluation, EvaluationStatus, Result } from "@assay/protocol";

/** Wire objects of the evaluation routes, valid against the protocol's schemas. */

export const EVALUATION_ID = "3f0a6c1e-8b2d-4f5e-9a7c-1d2e3f4a5b6c";
export const MODEL_ID = "5b1d9c7e-2a3f-4e6d-8c9b-0a1b2c3d4e5f";
export const BENCHMARK_ID = "7c2e0d8f-3b4a-4f7e-9d0c-1b2c3d4e5f60";

/** An evaluation `done` prompts of 10 into its run (all correct but one), with `status`. */
export function evaluationBody(
  status: EvaluationStatus = "pending",
  done = 0,
  overrides: Partial<Evaluation> = {},
): Evaluation {
  const correct = Math.max(0, done - 1);
  return {
    id: EVALUATION_ID,
    status,
    status_description: "",
    submitted_at: 1_767_225_600,
    finished_at: status === "success" ? 1_767_225_660 : 0,
    model_id: MODEL_ID,
    model_name: "Local Llama",
    model_key: "acme/llama-3",
    model_company: "",
    dataset_id: BENCHMARK_ID,
    dataset_name: "Arithmetic",
    average_duration: 120,
    accuracy: done === 0 ? 0 : correct / 10,
    readability_score: 0,
    toxicity_score: 0,
    ethics_score: 0,
    hallucination_score: 0,
    failed_prompt_count: 0,
    queue_id: 0,
    summary: {},
    organization_id: "org-1",
    project_id: "proj-1",
    is_public: false,
    assay: {
      progress: { total: 10, done, correct, failed: 0, cached: 0 },
      accuracy_stderr: 0.1,
      accuracy_ci95: { low: 0.5, high: 0.95 },
      subsets: [],
      tokens: { prompt: 100, completion: 20, total: 120, reasoning: 0 },
      cost_usd: null,
      metrics: {},
      options: {
        concurrency: 16,
        limit: null,
        cache: true,
        repeats: 1,
        max_cost_usd: null,
        temperature: null,
        top_p: null,
        seed: null,
        max_tokens: null,
        reasoning_effort: null,
        request: { profile: "openai-compatible", parameters: { max_tokens: 64, temperature: 0 } },
      },
      started_at: 1_767_225_601,
      benchmark_version: null,
    },
    ...overrides,
  };
}

/** The result of prompt `position` (1-based): passed unless told otherwise. */
export function resultBody(position: number, passed = true): Result {
  return {
    subset: "default",
    prompt: `What is ${position} + 1?`,
    result: passed ? String(position + 1) : "no idea",
    truth: String(position + 1),
    duration: 0.25,
    score: passed ? 1 : 0,
    metrics: {},
    prompt_id: `q${position}`,
    position,
    passed,
    reason: passed ? `extracted ${position + 1}` : "no number in the answer",
    error: null,
    tokens: { prompt: 10, completion: 2, reasoning: 0 },
    cached: false,
    reasoning: null,
  };
}

/** `GET /results` answering pages of `rows` results in all, whatever page size is asked. */
export function resultPages(rows: number) {
  return (request: { query: URLSearchParams }) => {
    const page = Number(request.query.get("page"));
    const size = Number(request.query.get("page_size"));
    const positions = Array.from({ length: rows }, (_, i) => i + 1).slice(
      (page - 1) * size,
      page * size,
    );
    return {
      body: {
        evaluation_id: request.query.get("evaluation_id"),
        results: positions.map((p) => resultBody(p)),
        metrics: { total_count: rows },
      },
    };
  };
}
