import type { ChatMessage, ModelEndpoint } from "./endpoint.ts";
import { DEFAULT_PROFILE } from "./profiles/index.ts";
import { requestParameters } from "./profiles/request-parameters.ts";

// Endpoints are built once per run and used for thousands of calls: derive their parameters once.
const derived = new WeakMap<ModelEndpoint, Record<string, unknown>>();

/**
 * The parameters sent beside `model` and `messages`: the endpoint's own when fixed in advance (a
 * run sends what it recorded when it was created), else its profile's defaults under the model's
 * token limit with its extra payload merged over them.
 */
export function endpointParameters(endpoint: ModelEndpoint): Record<string, unknown> {
  if (endpoint.parameters) return endpoint.parameters;
  let parameters = derived.get(endpoint);
  if (parameters === undefined) {
    parameters = requestParameters(endpoint.profile ?? DEFAULT_PROFILE, endpoint);
    derived.set(endpoint, parameters);
  }
  return parameters;
}

/**
 * The chat-completions body for one call. A fresh object each time whose nested values are the
 * endpoint's: callers never mutate a body, and copying the parameters per prompt would cost the
 * hot path for nothing.
 */
export function buildRequestBody(
  endpoint: ModelEndpoint,
  messages: readonly ChatMessage[],
): Record<string, unknown> {
  return { model: endpoint.model, messages, ...endpointParameters(endpoint) };
}

/**
 * The body of repeat `repeat` of a prompt: with a seed, repeat i sends seed + i, so repeats
 * sample differently yet each stays reproducible. The seed goes under the profile's name for it.
 */
export function repeatBody(
  endpoint: ModelEndpoint,
  body: Record<string, unknown>,
  repeat: number,
): Record<string, unknown> {
  const name =
    endpoint.profile && "parameter" in endpoint.profile.seed
      ? endpoint.profile.seed.parameter
      : "seed";
  const seed = body[name];
  if (repeat === 0 || typeof seed !== "number") return body;
  return { ...body, [name]: seed + repeat };
}

/**
 * Whether the same body always yields the same answer, as far as the request can tell: the
 * response cache stores only these. Temperature 0, sent, and at most one choice. A body without
 * a temperature samples at the provider's default (1 at OpenAI), and a seed is only a best effort.
 */
export function isDeterministic(body: Record<string, unknown>): boolean {
  const { temperature, n } = body;
  const single = n === undefined || n === null || (typeof n === "number" && n <= 1);
  return temperature === 0 && single;
}
