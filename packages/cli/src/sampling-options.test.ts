import { APIStatusError } from "@assay/client/errors";
import { describe, expect, it } from "vitest";
import { explainRefusedRun } from "./sampling-options.ts";

/** The error the SDK raises for `status` with the service's error body. */
const refusal = (status: number, details?: unknown) =>
  APIStatusError.generate(
    status,
    JSON.stringify({ error: { message: "refused", code: "VALIDATION_ERROR", details } }),
    {},
  );

describe("explainRefusedRun", () => {
  it("names each refused field as the option that set it", () => {
    const error = refusal(400, [
      { field: "body.0.reasoning_effort", message: "gemini takes none, low, medium, high" },
      { field: "body.0.max_tokens", message: "must be at most 65536 for this model" },
      { field: "body.0.model_id", message: "is not a model of this project" },
    ]);
    expect(explainRefusedRun(error)).toBe(
      "the service refused the run: --reasoning-effort: gemini takes none, low, medium, high; " +
        "--max-tokens: must be at most 65536 for this model; body.0.model_id: is not a model of this project",
    );
  });

  it("leaves other errors to the usual message", () => {
    expect(explainRefusedRun(refusal(400))).toBeUndefined();
    expect(explainRefusedRun(refusal(404, [{ field: "x", message: "y" }]))).toBeUndefined();
    expect(explainRefusedRun(new Error("boom"))).toBeUndefined();
  });
});
