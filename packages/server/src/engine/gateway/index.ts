/**
 * The model gateway: OpenAI-compatible chat completions over keep-alive undici pools, with
 * retries, an outbound address policy for untrusted URLs, adaptive per-endpoint concurrency and
 * fail-fast. It may import platform/ssrf and platform/clock; never resources/, http/ or platform/db.
 */

export type {
  ConcurrencyCoordinator,
  EndpointGrant,
  EndpointReport,
} from "../../platform/concurrency-coordinator/coordinator.ts";
export { type ChatMessage, endpointIdentity, type ModelEndpoint } from "./endpoint.ts";
export type {
  ConcurrencyLimits,
  ConcurrencyLimitsOptions,
  EndpointLimitSnapshot,
} from "./endpoint-limiter/concurrency-limits.ts";
export { createConcurrencyLimits } from "./endpoint-limiter/concurrency-limits.ts";
export type { EndpointLimiterHooks, Release } from "./endpoint-limiter/endpoint-limiter.ts";
export { createEndpointLimiter, EndpointLimiter } from "./endpoint-limiter/endpoint-limiter.ts";
export type {
  InMemoryCoordinator,
  InMemoryCoordinatorOptions,
} from "./endpoint-limiter/in-memory-coordinator.ts";
export { createInMemoryCoordinator } from "./endpoint-limiter/in-memory-coordinator.ts";
export { type CallOutcome, createFailFast, type FailFast } from "./fail-fast.ts";
export {
  abortableSleep,
  type CompleteOptions,
  type Completion,
  createGateway,
  type Gateway,
  type GatewayOptions,
  type Sleep,
} from "./gateway.ts";
export {
  isModelCallError,
  ModelCallError,
  type ModelCallErrorCode,
} from "./model-call-error.ts";
export { ModelUnavailableError } from "./model-unavailable-error.ts";
export { buildRequestBody, isDeterministic } from "./request-body.ts";
