export * from "./annotations.ts";
export * from "./benchmarks.ts";
export * from "./common.ts";
export * from "./comparisons.ts";
export * from "./dashboard.ts";
export * from "./envelopes.ts";
export * from "./errors.ts";
export * from "./evaluation-plans.ts";
export * from "./evaluation-spaces.ts";
export * from "./evaluations.ts";
export * from "./files.ts";
export * from "./health.ts";
export * from "./integrations.ts";
export * from "./judge-optimizations.ts";
export * from "./judges.ts";
export * from "./mean-of-estimates.ts";
export * from "./models.ts";
export * from "./openapi.ts";
export * from "./organizations.ts";
export * from "./prices.ts";
export * from "./projects.ts";
export * from "./prompt-openings.ts";
export * from "./route.ts";
export * from "./routes.ts";
export * from "./run-matrix.ts";
export * from "./sample-size.ts";
export * from "./sampling.ts";
export * from "./scorers.ts";
export * from "./statistics.ts";
export * from "./trace-evaluations.ts";
export * from "./traces.ts";
export * from "./uploads.ts";

/** The API version this package describes; also the OpenAPI document's `info.version`. */
export const PROTOCOL_VERSION = "1.0.0";

/** Where the API is mounted unless configured otherwise. */
export const DEFAULT_API_PREFIX = "/api/v1";
