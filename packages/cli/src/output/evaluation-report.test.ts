import type { Evaluation } from "@assay/client";
import { describe, expect, it } from "vitest";
import { accuracyText, evaluationFields } from "./evaluation-report.ts";

/** A finished run of 3 prompts; what a test changes is given. */
function evaluation(patch: {
  status: Evaluation["status"];
  status_description?: string;
  done: number;
  correct: number;
}): Evaluation {
  return {
    status: patch.status,
    status_description: patch.status_description ?? "",
    accuracy: patch.done === 0 ? 0 : patch.correct / patch.done,
    assay: {
      progress: { total: 3, done: patch.done, correct: patch.correct, failed: 0, cached: 0 },
      accuracy_stderr: 0,
      accuracy_ci95: { low: 0, high: 1 },
    },
  } as unknown as Evaluation;
}

describe("accuracyText", () => {
  it("gives a failed run no accuracy: its zero, over nothing, measures nothing", () => {
    const failed = evaluation({
      status: "failure",
      status_description: "every prompt failed at the model endpoint: 401",
      done: 0,
      correct: 0,
    });
    expect(accuracyText(failed)).toBe("none: the evaluation failed (see status)");
    const failedAfterCalls = evaluation({ status: "failure", done: 3, correct: 0 });
    expect(accuracyText(failedAfterCalls)).not.toMatch(/%/);
  });

  it("says a finished run's accuracy with its counts and interval", () => {
    const text = accuracyText(evaluation({ status: "success", done: 3, correct: 2 }));
    expect(text).toMatch(/^66\.7% \(2\/3\), 95% CI 0\.0%–100\.0%/);
  });
});

describe("evaluationFields", () => {
  it("puts a failed run's reason in its status", () => {
    const failed = evaluation({
      status: "failure",
      status_description: "every prompt failed at the model endpoint: 401",
      done: 0,
      correct: 0,
    });
    const status = new Map(
      evaluationFields({
        ...failed,
        id: "e",
        model_name: "m",
        model_key: "k",
        model_id: "m",
        dataset_name: "b",
        dataset_id: "b",
        failed_prompt_count: 3,
        average_duration: 0,
        submitted_at: 0,
        finished_at: 0,
        assay: {
          ...failed.assay,
          tokens: { prompt: 0, completion: 0, total: 0 },
          cost_usd: null,
          metrics: {},
          options: { concurrency: 1, limit: null, cache: true },
          subsets: [],
        },
      } as unknown as Evaluation),
    ).get("status");
    expect(status).toBe("failure: every prompt failed at the model endpoint: 401");
  });
});
