import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as root from "@assay/client";
import * as errors from "@assay/client/errors";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe("package entry points", () => {
  it("root exports the clients, resources, type guards and only the common errors", () => {
    expect(Object.keys(root).sort()).toEqual([
      "APIClient",
      "APIError",
      "APIResource",
      "Annotations",
      "AsyncClient",
      "AsyncPublicClient",
      "AuthenticationError",
      "BadRequestError",
      "Benchmarks",
      "Client",
      "DEFAULT_BASE_URL",
      "DEFAULT_MAX_RETRIES",
      "DEFAULT_OPTIMIZATION_WAIT_TIMEOUT_MS",
      "DEFAULT_POLL_SCHEDULE",
      "DEFAULT_TIMEOUT",
      "DEFAULT_TRACE_WAIT_TIMEOUT_MS",
      "EvaluationSpaces",
      "Evaluations",
      "FINISHED_EVALUATION_STATUSES",
      "GATE_CONFIDENCE",
      "GateError",
      "Integrations",
      "JudgeOptimizations",
      "Judges",
      "Models",
      "NotFoundError",
      "PublicBenchmarks",
      "PublicClient",
      "PublicComparisons",
      "PublicEvaluations",
      "PublicModels",
      "Results",
      "Scorers",
      "ServiceError",
      "TraceEvaluations",
      "Traces",
      "VERSION",
      "WaitTimeoutError",
      "adaptivePollDelayMs",
      "contentTypeFor",
      "isCustomBenchmark",
      "isCustomModel",
      "isFinished",
      "isOptimizationFinished",
      "isTraceEvaluationFinished",
      "loadAnnotations",
    ]);
    expect(root.AsyncClient).toBe(root.Client);
    expect(root.AsyncPublicClient).toBe(root.PublicClient);
    expect(root.NotFoundError).toBe(errors.NotFoundError);
  });

  it("errors exports the whole hierarchy", () => {
    expect(Object.keys(errors).sort()).toEqual([
      "APIConnectionError",
      "APIError",
      "APIResponseValidationError",
      "APIStatusError",
      "APITimeoutError",
      "AuthenticationError",
      "BadRequestError",
      "ConflictError",
      "InternalServerError",
      "InvalidAnnotationsError",
      "NotFoundError",
      "PermissionDeniedError",
      "RateLimitError",
      "ServiceError",
      "UnprocessableEntityError",
      "WaitTimeoutError",
    ]);
  });

  it("VERSION matches package.json", () => {
    const pkg = JSON.parse(readFileSync(join(SRC, "..", "package.json"), "utf8")) as {
      version: string;
    };
    expect(root.VERSION).toBe(pkg.version);
  });
});

describe("browser safety", () => {
  it("no source file imports node:* or touches process outside environment.ts", () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toMatch(/from\s+["']node:/);
      expect(text, file).not.toMatch(/\bBuffer\b|\brequire\(/);
      if (!file.endsWith("environment.ts")) expect(text, file).not.toMatch(/\bprocess\b/);
    }
  });
});
