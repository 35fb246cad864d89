// Mistral AI (https://api.mistral.ai/v1). "the spec" is mistralai/platform-docs-public
// openapi.yaml, whose ChatCompletionRequest and message schemas all say
// `additionalProperties: false`: a field Mistral does not define is refused with 422, not ignored.
import { chatCompletion, generate, promptTokens, usage } from "./completion.ts";
import {
  type AnswerBehavior,
  type DoubleReply,
  type DoubleRequest,
  type HostedConfig,
  hostedDouble,
} from "./core.ts";
import {
  type Body,
  bearerToken,
  isRecord,
  isSet,
  lastUserMessage,
  requestedLimit,
  unknownFields,
} from "./request.ts";

// Model ids as Mistral serves them (docs.mistral.ai/getting-started/models). open-mixtral-8x7b is
// deprecated; the double models it as it was while served.
export const MISTRAL_MODELS: ReadonlySet<string> = new Set([
  "mistral-small-latest",
  "mistral-medium-2505",
  "mistral-large-2411",
  "codestral-2501",
  "ministral-8b-2410",
  "open-mistral-nemo",
  "open-mixtral-8x7b",
]);

// The spec, ChatCompletionRequest.properties: the seed is `random_seed` (no `seed`), the limit is
// `max_tokens` (no `max_completion_tokens`).
const FIELDS: ReadonlySet<string> = new Set([
  "model",
  "temperature",
  "top_p",
  "max_tokens",
  "stream",
  "stop",
  "random_seed",
  "metadata",
  "messages",
  "response_format",
  "tools",
  "tool_choice",
  "presence_penalty",
  "frequency_penalty",
  "n",
  "prediction",
  "parallel_tool_calls",
  "prompt_mode",
  "reasoning_effort",
  "guardrails",
  "prompt_cache_key",
  "safe_prompt",
]);

// The spec's message schemas (SystemMessage, UserMessage, AssistantMessage, ToolMessage).
const MESSAGE_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  system: new Set(["role", "content"]),
  user: new Set(["role", "content"]),
  assistant: new Set(["role", "content", "tool_calls", "prefix"]),
  tool: new Set(["role", "content", "tool_call_id", "name"]),
};

interface Violation {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
}

/**
 * 422 {"object":"error","message":{"detail":[{"type":"extra_forbidden","loc":["body",
 * "max_completion_tokens"],"msg":"Extra inputs are not permitted","input":32000}]},
 * "type":"invalid_request_error","param":null,"code":null}
 * (editor-code-assistant/eca#231; crewAIInc/crewAI#60 for `n`, nomtek/mistralai_client_dart#44
 * for a user message's `name`).
 */
function unprocessable(detail: Violation[]): DoubleReply {
  return {
    status: 422,
    body: {
      object: "error",
      message: { detail },
      type: "invalid_request_error",
      param: null,
      code: null,
    },
  };
}

export const startMistralDouble = hostedDouble("mistral", "double-mistral-key", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey }: HostedConfig,
): DoubleReply {
  if (bearerToken(request.headers) !== apiKey) {
    // 401 {"message":"Unauthorized","request_id":"c61f2f15…"} (cline/cline#1734).
    return { status: 401, body: { message: "Unauthorized", request_id: "double" } };
  }
  if (!isRecord(request.body)) {
    return unprocessable([
      { type: "json_invalid", loc: ["body"], msg: "JSON decode error", input: {} },
    ]);
  }
  const body = request.body;

  const violations = validate(body);
  if (violations.length > 0) return unprocessable(violations);

  if (!MISTRAL_MODELS.has(body.model as string)) {
    // {"object":"error","message":"Invalid model: ","type":"invalid_model","param":null,"code":"1500"}
    // (tmc/langchaingo#1233).
    return {
      status: 400,
      body: {
        object: "error",
        message: `Invalid model: ${String(body.model)}`,
        type: "invalid_model",
        param: null,
        code: "1500",
      },
    };
  }

  const messages = body.messages as unknown[];
  const limit = requestedLimit(body, ["max_tokens"]);
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model as string }),
    {
      thinkingTokens: 0,
      limit: limit?.value as number | undefined,
    },
  );
  return {
    status: 200,
    body: chatCompletion({
      model: body.model as string,
      message: { content: generation.content, tool_calls: null },
      finishReason: generation.finishReason,
      usage: usage(promptTokens(messages), generation, { reasoningDetails: false }),
    }),
  };
}

/** Every way `body` breaks the spec's schemas, as pydantic reports them. */
function validate(body: Body): Violation[] {
  const violations: Violation[] = [];
  for (const field of unknownFields(body, FIELDS)) {
    violations.push({
      type: "extra_forbidden",
      loc: ["body", field],
      msg: "Extra inputs are not permitted",
      input: body[field],
    });
  }
  // The spec: `required: [messages, model]`.
  for (const field of ["model", "messages"]) {
    if (!(field in body))
      violations.push({
        type: "missing",
        loc: ["body", field],
        msg: "Field required",
        input: body,
      });
  }
  if (Array.isArray(body.messages)) {
    body.messages.forEach((message, index) => {
      if (!isRecord(message)) return;
      const role = String(message.role);
      const allowed = MESSAGE_FIELDS[role];
      if (!allowed) return;
      for (const field of unknownFields(message, allowed)) {
        violations.push({
          type: "extra_forbidden",
          loc: ["body", "messages", index, role, field],
          msg: "Extra inputs are not permitted",
          input: message[field],
        });
      }
    });
  }
  // The spec: temperature `minimum: 0`, `maximum: 1.5`; top_p `minimum: 0`, `maximum: 1`;
  // max_tokens `minimum: 0`; reasoning_effort `enum: [high, none]`.
  const bounds: [string, number, number][] = [
    ["temperature", 0, 1.5],
    ["top_p", 0, 1],
    ["max_tokens", 0, Number.MAX_SAFE_INTEGER],
  ];
  for (const [field, min, max] of bounds) {
    const value = body[field];
    if (!isSet(body, field)) continue;
    if (typeof value !== "number") {
      violations.push({
        type: "float_type",
        loc: ["body", field],
        msg: "Input should be a valid number",
        input: value,
      });
    } else if (value < min) {
      violations.push({
        type: "greater_than_equal",
        loc: ["body", field],
        msg: `Input should be greater than or equal to ${min}`,
        input: value,
      });
    } else if (value > max) {
      violations.push({
        type: "less_than_equal",
        loc: ["body", field],
        msg: `Input should be less than or equal to ${max}`,
        input: value,
      });
    }
  }
  if (
    isSet(body, "reasoning_effort") &&
    !["high", "none"].includes(body.reasoning_effort as string)
  ) {
    violations.push({
      type: "enum",
      loc: ["body", "reasoning_effort"],
      msg: "Input should be 'high' or 'none'",
      input: body.reasoning_effort,
    });
  }
  return violations;
}
