// Together AI (https://api.together.xyz/v1). "the reasoning docs" is
// https://docs.together.ai/docs/reasoning-overview. DeepSeek-R1 thinks inline, in <think> tags.
import { chatCompletion, generate, inlineThinking, promptTokens, usage } from "./completion.ts";
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
  lastUserMessage,
  requestedLimit,
} from "./request.ts";

interface TogetherModel {
  /** "Reasoning only: Always produces reasoning tokens. Cannot be toggled off." */
  reasoningOnly: boolean;
}

// Serverless model ids (docs.together.ai/docs/serverless-models; DeepSeek-R1 in the reasoning
// docs' "Supported models" table).
export const TOGETHER_MODELS: Readonly<Record<string, TogetherModel>> = {
  "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo": { reasoningOnly: false },
  "meta-llama/Meta-Llama-3.1-70B-Instruct-Turbo": { reasoningOnly: false },
  "meta-llama/Meta-Llama-3.1-405B-Instruct-Turbo": { reasoningOnly: false },
  "meta-llama/Llama-3.2-3B-Instruct-Turbo": { reasoningOnly: false },
  "Qwen/Qwen2.5-72B-Instruct-Turbo": { reasoningOnly: false },
  "Qwen/Qwen2.5-7B-Instruct-Turbo": { reasoningOnly: false },
  "Qwen/Qwen2.5-Coder-32B-Instruct": { reasoningOnly: false },
  "deepseek-ai/DeepSeek-R1": { reasoningOnly: true },
};

/**
 * {"id":…,"error":{"message":…,"type":"invalid_request_error","param":null,"code":…}}: the
 * shape Together answers (HeyPuter/puter#3168, evo-design/evo#14).
 */
function error(status: number, message: string, code: string): DoubleReply {
  return {
    status,
    body: { id: "double", error: { message, type: "invalid_request_error", param: null, code } },
  };
}

export const startTogetherDouble = hostedDouble("together", "tgp_v1_double", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey, thinkingTokens }: HostedConfig,
): DoubleReply {
  if (bearerToken(request.headers) !== apiKey) {
    return error(
      401,
      "Invalid API key provided. You can find your API key at https://api.together.xyz/settings/api-keys.",
      "invalid_api_key",
    );
  }
  if (!isRecord(request.body)) return error(400, "Invalid JSON body", "invalid_request_error");
  const body = request.body;

  const model = typeof body.model === "string" ? TOGETHER_MODELS[body.model] : undefined;
  if (!model) {
    // 404 {"message":"Unable to access model togethercomputer/evo-1-131k-base. Please visit
    // https://api.together.xyz to see the list of supported models or contact the owner to
    // request access.","type":"invalid_request_error","param":null,"code":"model_not_found"}
    // (evo-design/evo#14).
    return error(
      404,
      `Unable to access model ${String(body.model)}. Please visit https://api.together.xyz to see the list of supported models or contact the owner to request access.`,
      "model_not_found",
    );
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(
      400,
      "Input validation error: messages must not be empty",
      "invalid_request_error",
    );
  }
  const limit = requestedLimit(body, ["max_tokens", "max_completion_tokens"]);
  if (limit && !isPositiveInteger(limit.value)) {
    return error(
      400,
      `Input validation error: \`${limit.field}\` must be strictly positive`,
      "invalid_request_error",
    );
  }

  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model as string }),
    {
      thinkingTokens: model.reasoningOnly ? thinkingTokens : 0,
      // The reasoning docs: reasoning depth responds to prompting; "Combine it with `max_tokens` for
      // a hard ceiling on total output" — the thinking is part of the output max_tokens caps.
      limit: limit?.value as number | undefined,
    },
  );
  return {
    status: 200,
    body: chatCompletion({
      model: body.model as string,
      // The reasoning docs: "DeepSeek-R1 uses a different format, it outputs reasoning inside
      // `<think>` tags within the `content` field rather than a separate `reasoning` field."
      message: { content: model.reasoningOnly ? inlineThinking(generation) : generation.content },
      finishReason: generation.finishReason,
      usage: usage(promptTokens(messages), generation, { reasoningDetails: false }),
    }),
  };
}
