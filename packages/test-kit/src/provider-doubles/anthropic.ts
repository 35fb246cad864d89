// Anthropic's OpenAI SDK compatibility layer (https://api.anthropic.com/v1/chat/completions).
// "the docs" below is https://docs.anthropic.com/en/api/openai-sdk (platform.claude.com/docs/en/
// api/openai-sdk): a table per request field saying whether it is supported, ignored or limited.
import { chatCompletion, generate, promptTokens, usage } from "./completion.ts";
import {
  type AnswerBehavior,
  type DoubleReply,
  type DoubleRequest,
  type HostedConfig,
  hostedDouble,
} from "./core.ts";
import {
  bearerToken,
  isPositiveInteger,
  isRecord,
  isSet,
  lastUserMessage,
  requestedLimit,
} from "./request.ts";

interface ClaudeModel {
  /** "Max output" of the models overview (docs.anthropic.com/en/docs/about-claude/models). */
  maxOutput: number;
  /** Whether it supports extended thinking (same page, "Extended thinking" row). */
  thinking: boolean;
}

// Retired models (claude-3-5-sonnet, claude-3-opus) are modelled as they were while served.
export const ANTHROPIC_MODELS: Readonly<Record<string, ClaudeModel>> = {
  "claude-sonnet-4-5": { maxOutput: 64_000, thinking: true },
  "claude-haiku-4-5": { maxOutput: 64_000, thinking: true },
  "claude-opus-4-1": { maxOutput: 32_000, thinking: true },
  "claude-opus-4-20250514": { maxOutput: 32_000, thinking: true },
  "claude-sonnet-4-20250514": { maxOutput: 64_000, thinking: true },
  "claude-3-5-sonnet-20241022": { maxOutput: 8_192, thinking: false },
  "claude-3-opus-20240229": { maxOutput: 4_096, thinking: false },
  "claude-3-haiku-20240307": { maxOutput: 4_096, thinking: false },
};

/**
 * The docs: "The compatibility layer maintains consistent error formats with the OpenAI API.
 * However, the detailed error messages will not be equivalent." The types are Anthropic's own
 * (docs.anthropic.com/en/api/errors: 400 invalid_request_error, 401 authentication_error, 404
 * not_found_error); the messages are the native API's.
 */
function error(status: number, type: string, message: string): DoubleReply {
  return { status, body: { error: { message, type, param: null, code: null } } };
}

export const startAnthropicDouble = hostedDouble("anthropic", "sk-ant-double", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey }: HostedConfig,
): DoubleReply {
  // The docs' header table: "`authorization` | Fully supported"; the quick start passes the
  // Anthropic key as the OpenAI SDK's api_key, i.e. as a bearer token.
  if (bearerToken(request.headers) !== apiKey) {
    return error(401, "authentication_error", "invalid x-api-key");
  }
  if (!isRecord(request.body)) return error(400, "invalid_request_error", "invalid JSON body");
  const body = request.body;

  // The docs: "`model` | Use Claude model names".
  if (typeof body.model !== "string")
    return error(400, "invalid_request_error", "model: Field required");
  const model = ANTHROPIC_MODELS[body.model];
  if (!model) return error(404, "not_found_error", `model: ${body.model}`);
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(400, "invalid_request_error", "messages: Field required");
  }

  // The docs: "`n` | Must be exactly 1".
  if (isSet(body, "n") && body.n !== 1) {
    return error(400, "invalid_request_error", "n: only n=1 is supported");
  }
  // The docs: "`temperature` | Between 0 and 1 (inclusive). Values greater than 1 are capped at
  // 1." — capped, not refused. Every field the docs mark "Ignored" (logprobs, metadata,
  // response_format, prediction, presence_penalty, frequency_penalty, seed, service_tier, audio,
  // logit_bias, store, user, modalities, top_logprobs, reasoning_effort) is accepted and has no
  // effect: "Most unsupported fields are silently ignored rather than producing errors."

  // The docs: "`max_tokens` | Fully supported", "`max_completion_tokens` | Fully supported".
  const limit = requestedLimit(body, ["max_completion_tokens", "max_tokens"]);
  if (limit && !isPositiveInteger(limit.value)) {
    return error(400, "invalid_request_error", `${limit.field}: must be a positive integer`);
  }
  const maxTokens = limit?.value as number | undefined;
  if (maxTokens !== undefined && maxTokens > model.maxOutput) {
    // The native API: 400 {"type":"invalid_request_error","message":"max_tokens: 8192 > 4096,
    // which is the maximum allowed number of output tokens for claude-3-haiku-20240307"}
    // (continuedev/continue#4225).
    return error(
      400,
      "invalid_request_error",
      `max_tokens: ${maxTokens} > ${model.maxOutput}, which is the maximum allowed number of output tokens for ${body.model}`,
    );
  }

  // The docs: "You can enable extended thinking capabilities by adding the `thinking` parameter
  // … the OpenAI SDK won't return Claude's detailed thought process."
  let thinkingTokens = 0;
  if (isRecord(body.thinking) && body.thinking.type === "enabled") {
    const budget = body.thinking.budget_tokens;
    const refused = thinkingRules(body.model, model, budget, maxTokens, body.temperature);
    if (refused) return refused;
    // Thinking is billed as output and spends up to its budget: the double spends all of it.
    thinkingTokens = budget as number;
  }

  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model }),
    {
      thinkingTokens,
      limit: maxTokens,
    },
  );
  return {
    status: 200,
    body: chatCompletion({
      idPrefix: "msg_",
      model: body.model,
      message: { content: generation.content },
      finishReason: generation.finishReason,
      // The docs: usage.completion_tokens, prompt_tokens, total_tokens "Fully supported";
      // "`usage.completion_tokens_details` | Always empty".
      usage: usage(promptTokens(messages), generation, { reasoningDetails: false }),
    }),
  };
}

/**
 * Extended thinking's constraints (docs.anthropic.com/en/docs/build-with-claude/extended-thinking):
 * the supported models only; `budget_tokens` at least 1,024 and below max_tokens; and "Thinking
 * isn't compatible with temperature or top_k modifications" — 400 "`temperature` may only be set
 * to 1 when thinking is enabled." (agno-agi/agno#9931, MartialBE/one-hub#529).
 */
function thinkingRules(
  name: string,
  model: ClaudeModel,
  budget: unknown,
  maxTokens: number | undefined,
  temperature: unknown,
): DoubleReply | undefined {
  if (!model.thinking) {
    return error(
      400,
      "invalid_request_error",
      `thinking: ${name} does not support extended thinking`,
    );
  }
  if (!isPositiveInteger(budget) || budget < 1024) {
    return error(400, "invalid_request_error", "thinking.budget_tokens: must be >= 1024");
  }
  if (maxTokens !== undefined && budget >= maxTokens) {
    return error(
      400,
      "invalid_request_error",
      "`max_tokens` must be greater than `thinking.budget_tokens`",
    );
  }
  if (temperature !== undefined && temperature !== null && temperature !== 1) {
    return error(
      400,
      "invalid_request_error",
      "`temperature` may only be set to 1 when thinking is enabled. Please consult our documentation at https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#important-considerations-when-using-extended-thinking",
    );
  }
  return undefined;
}
