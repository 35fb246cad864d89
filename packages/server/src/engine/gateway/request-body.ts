import type { ChatMessage, ModelEndpoint } from "./endpoint.ts";

/**
 * Keys the service owns. They were refused when the extra payload was saved; they are skipped
 * here again so a row written before that validation (or by hand) can never change what is
 * evaluated (`model`, `messages`) or how the answer is parsed (`stream`).
 */
const RESERVED = new Set(["model", "messages", "stream"]);

/** `__proto__` & co. would mutate prototypes when assigned; no API needs them. */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The chat-completions body for one call: `{model, messages, max_tokens, temperature: 0}` with
 * the endpoint's extra payload deep-merged over it (objects merge, arrays and scalars replace).
 * Built on fresh objects: the endpoint's configuration is never shared with, or mutated through,
 * a request body.
 */
export function buildRequestBody(
  endpoint: ModelEndpoint,
  messages: readonly ChatMessage[],
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: endpoint.model,
    messages,
    max_tokens: endpoint.maxTokens,
    temperature: 0,
  };
  const extra = endpoint.extraPayload;
  if (extra) {
    for (const key of Object.keys(extra)) {
      if (RESERVED.has(key) || UNSAFE.has(key)) continue;
      body[key] = mergeValue(body[key], extra[key]);
    }
  }
  return body;
}

/**
 * Whether the same body always yields the same answer, as far as the request can tell: the
 * response cache stores only these. Temperature 0 (or unset) and at most one choice.
 */
export function isDeterministic(body: Record<string, unknown>): boolean {
  const { temperature, n } = body;
  const greedy = temperature === undefined || temperature === null || temperature === 0;
  const single = n === undefined || n === null || (typeof n === "number" && n <= 1);
  return greedy && single;
}

function mergeValue(base: unknown, override: unknown): unknown {
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: Record<string, unknown> = {};
    for (const key of Object.keys(base)) {
      if (!UNSAFE.has(key)) merged[key] = copyValue(base[key]);
    }
    for (const key of Object.keys(override)) {
      if (!UNSAFE.has(key)) merged[key] = mergeValue(merged[key], override[key]);
    }
    return merged;
  }
  return copyValue(override);
}

function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue);
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (!UNSAFE.has(key)) copy[key] = copyValue(value[key]);
    }
    return copy;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
