// OpenRouter (https://openrouter.ai/api/v1). "the errors docs" is
// https://openrouter.ai/docs/api/reference/errors-and-debugging, "the reasoning docs"
// https://openrouter.ai/docs/use-cases/reasoning-tokens, "the parameters docs"
// https://openrouter.ai/docs/api_reference/parameters.
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
  isPositiveInteger,
  isRecord,
  isSet,
  lastUserMessage,
  requestedLimit,
} from "./request.ts";

interface RoutedModel {
  /** "returned": thinks and returns it in `reasoning`; "hidden": thinks, returns none. */
  reasoning?: "returned" | "hidden";
}

export const OPENROUTER_MODELS: Readonly<Record<string, RoutedModel>> = {
  // Qwen3 thinks unless told not to, and OpenRouter returns the thinking.
  "qwen/qwen3-235b-a22b": { reasoning: "returned" },
  // "Grok 4 is a reasoning model. There is no non-reasoning mode" and its reasoning content is
  // not returned (docs.x.ai/docs/models); the reasoning docs: "some reasoning models do not
  // return their reasoning tokens".
  "x-ai/grok-4": { reasoning: "hidden" },
  "cohere/command-r-plus-08-2024": {},
  "amazon/nova-pro-v1": {},
};

// The reasoning docs, "Reasoning Effort Level": for models that take a token budget, effort sets
// it as a share of max_tokens — "xhigh" ≈ 95%, "high" ≈ 80%, "medium" ≈ 50%, "low" ≈ 20%,
// "minimal" ≈ 10%.
const EFFORT_SHARES: Readonly<Record<string, number>> = {
  xhigh: 0.95,
  high: 0.8,
  medium: 0.5,
  low: 0.2,
  minimal: 0.1,
  none: 0,
};

/**
 * The errors docs: "type ErrorResponse = { error: { code: number; message: string; metadata?:
 * Record<string, unknown>; }; }" and "The HTTP Response will have the same status code as
 * error.code".
 */
function error(code: number, message: string): DoubleReply {
  return { status: code, body: { error: { message, code } } };
}

export const startOpenRouterDouble = hostedDouble("openrouter", "sk-or-v1-double", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey, thinkingTokens }: HostedConfig,
): DoubleReply {
  // The errors docs: "401: Invalid credentials (OAuth session expired, disabled/invalid API
  // key)". Without a key: {"error":{"message":"No auth credentials found","code":401}}
  // (musistudio/claude-code-router#227); with an unknown one, "401 … User not found"
  // (BeehiveInnovations/pal-mcp-server#209).
  const token = bearerToken(request.headers);
  if (token === undefined) return error(401, "No auth credentials found");
  if (token !== apiKey) return error(401, "User not found.");
  if (!isRecord(request.body)) return error(400, "Invalid JSON body");
  const body = request.body;

  // {"error":{"message":"claude-sonnet-4-6 is not a valid model ID","code":400}}
  // (OpenRouterTeam/openrouter-examples#74).
  const model = typeof body.model === "string" ? OPENROUTER_MODELS[body.model] : undefined;
  if (!model) return error(400, `${String(body.model)} is not a valid model ID`);
  // The errors docs: "400: Bad Request (invalid or missing params, CORS)".
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(400, 'Input required: specify "prompt" or "messages"');
  }
  const limit = requestedLimit(body, ["max_tokens", "max_completion_tokens"]);
  if (limit && !isPositiveInteger(limit.value)) return error(400, `Invalid ${limit.field}`);
  const maxTokens = limit?.value as number | undefined;

  const reasoning = reasoningOf(body);
  if ("status" in reasoning) return reasoning;
  // The parameters docs: "If the chosen model doesn't support a request parameter (such as
  // logit_bias in non-OpenAI models, or top_k for OpenAI), then the parameter is ignored." —
  // nothing else is refused.

  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model as string }),
    {
      thinkingTokens: thinkingOf(model, reasoning, maxTokens, thinkingTokens),
      limit: maxTokens,
    },
  );
  // The reasoning docs: "Reasoning tokens will appear in the reasoning field of each message,
  // unless you decide to exclude them"; "Reasoning tokens are considered output tokens and
  // charged accordingly."
  const returned =
    model.reasoning === "returned" && !reasoning.exclude && generation.reasoningTokens > 0;
  return {
    status: 200,
    body: chatCompletion({
      idPrefix: "gen-",
      model: body.model as string,
      message: returned
        ? { content: generation.content, reasoning: generation.reasoning }
        : { content: generation.content, reasoning: null },
      finishReason: generation.finishReason,
      usage: usage(promptTokens(messages), generation, {
        reasoningDetails: model.reasoning !== undefined,
      }),
      extra: { provider: "double" },
    }),
  };
}

/** How much the model thinks under the request's `reasoning` settings. */
function thinkingOf(
  model: RoutedModel,
  reasoning: { effort?: string; budget?: number },
  maxTokens: number | undefined,
  atDefault: number,
): number {
  if (!model.reasoning) return 0;
  if (reasoning.budget !== undefined) return reasoning.budget;
  if (reasoning.effort === undefined) return atDefault;
  // Grok 4 has "no non-reasoning mode": "none" leaves it thinking.
  if (reasoning.effort === "none") return model.reasoning === "returned" ? 0 : atDefault;
  const share = EFFORT_SHARES[reasoning.effort] ?? 0.5;
  return maxTokens === undefined ? atDefault : Math.floor(maxTokens * share);
}

/** The `reasoning` object of the reasoning docs, or its refusal. */
function reasoningOf(
  body: Body,
): { effort?: string; budget?: number; exclude: boolean } | DoubleReply {
  // Legacy: `include_reasoning: false` is `reasoning: { exclude: true }` (the reasoning docs).
  const exclude = body.include_reasoning === false;
  if (!isSet(body, "reasoning")) return { exclude };
  if (!isRecord(body.reasoning)) return error(400, "reasoning must be an object");
  const reasoning = body.reasoning;
  // The reasoning docs: "// One of the following (not both): "effort": "high", … "max_tokens":
  // 2000, // Specific token limit (Anthropic-style)".
  if (isSet(reasoning, "effort") && isSet(reasoning, "max_tokens")) {
    return error(400, 'Only one of "reasoning.effort" and "reasoning.max_tokens" may be specified');
  }
  if (isSet(reasoning, "effort") && !(String(reasoning.effort) in EFFORT_SHARES)) {
    return error(400, `Invalid reasoning.effort: ${String(reasoning.effort)}`);
  }
  if (isSet(reasoning, "max_tokens") && !isPositiveInteger(reasoning.max_tokens)) {
    return error(400, "Invalid reasoning.max_tokens");
  }
  return {
    effort: typeof reasoning.effort === "string" ? reasoning.effort : undefined,
    budget:
      typeof reasoning.max_tokens === "number"
        ? reasoning.max_tokens
        : reasoning.enabled === false
          ? 0
          : undefined,
    exclude: exclude || reasoning.exclude === true,
  };
}
