// DeepSeek's API (https://api.deepseek.com/v1): deepseek-chat and the reasoner,
// deepseek-reasoner, which returns its chain of thought in `message.reasoning_content`.
// "the reasoner guide" is https://api-docs.deepseek.com/guides/reasoning_model.
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

interface DeepSeekModel {
  /** The valid max_tokens range is [1, maxTokens]. */
  maxTokens: number;
  reasoner: boolean;
}

// "Invalid max_tokens value, the valid range of max_tokens is [1, 8192]" for deepseek-chat
// (deepseek-ai/DeepSeek-V3#69; mnfst/llm-gateway#1177) and "[1, 65536]" for the reasoner
// (Aider-AI/aider#4125, "deepseek official api response").
export const DEEPSEEK_MODELS: Readonly<Record<string, DeepSeekModel>> = {
  "deepseek-chat": { maxTokens: 8_192, reasoner: false },
  "deepseek-reasoner": { maxTokens: 65_536, reasoner: true },
};

/**
 * {"error":{"message":…,"type":"invalid_request_error","param":null,"code":"invalid_request_error"}}
 * — the shape of every DeepSeek error body quoted here; 401 has type "authentication_error"
 * (BerriAI/litellm#10403). Status codes: api-docs.deepseek.com/quick_start/error_codes (400
 * Invalid Format, 401 Authentication Fails, 422 Invalid Parameters).
 */
function error(status: number, message: string, type = "invalid_request_error"): DoubleReply {
  return { status, body: { error: { message, type, param: null, code: "invalid_request_error" } } };
}

export const startDeepSeekDouble = hostedDouble("deepseek", "sk-double-deepseek", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey, thinkingTokens }: HostedConfig,
): DoubleReply {
  const token = bearerToken(request.headers);
  if (token !== apiKey) {
    // 401 "Authentication Fails, Your api key: ****cd15 is invalid" (BerriAI/litellm#10403).
    const shown = token === undefined ? "" : token.slice(-4);
    return error(
      401,
      `Authentication Fails, Your api key: ****${shown} is invalid`,
      "authentication_error",
    );
  }
  if (!isRecord(request.body))
    return error(400, "Failed to deserialize the JSON body into the target type");
  const body = request.body;

  const model = typeof body.model === "string" ? DEEPSEEK_MODELS[body.model] : undefined;
  if (!model) return error(400, "Model Not Exist");
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(
      400,
      "Failed to deserialize the JSON body into the target type: missing field `messages`",
    );
  }

  const limit = requestedLimit(body, ["max_tokens"]);
  if (limit && (!isPositiveInteger(limit.value) || limit.value > model.maxTokens)) {
    return error(
      400,
      `Invalid max_tokens value, the valid range of max_tokens is [1, ${model.maxTokens}]`,
    );
  }

  if (model.reasoner) {
    // The reasoner guide, "Not Supported Parameters: temperature、top_p、presence_penalty、
    // frequency_penalty、logprobs、top_logprobs. Please note that to ensure compatibility with
    // existing software, setting temperature、top_p、presence_penalty、frequency_penalty will not
    // trigger an error but will also have no effect. Setting logprobs、top_logprobs will trigger
    // an error."
    for (const param of ["logprobs", "top_logprobs"]) {
      if (isSet(body, param) && body[param] !== false) {
        return error(400, `deepseek-reasoner does not support the parameter \`${param}\``);
      }
    }
    // The reasoner guide: "if the reasoning_content field is included in the sequence of input
    // messages, the API will return a 400 error."
    if (body.messages.some((message) => isRecord(message) && "reasoning_content" in message)) {
      return error(
        400,
        "The reasoning_content is an intermediate result for display purposes only and will not be included in the context for inference. Please remove the reasoning_content from your message to reduce network traffic.",
      );
    }
  }

  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model as string }),
    {
      thinkingTokens: model.reasoner ? thinkingTokens : 0,
      // The reasoner's max_tokens covers "the CoT portion" as well as the answer (the reasoner
      // guide since V3.1: default 32K, maximum 64K).
      limit: limit?.value as number | undefined,
    },
  );
  return {
    status: 200,
    body: chatCompletion({
      model: body.model as string,
      // The reasoner guide: "`reasoning_content`: The content of the CoT, which is at the same
      // level as `content` in the output structure".
      message: model.reasoner
        ? { content: generation.content, reasoning_content: generation.reasoning }
        : { content: generation.content },
      finishReason: generation.finishReason,
      usage: usage(promptTokens(messages), generation, { reasoningDetails: model.reasoner }),
    }),
  };
}
