// Fireworks AI (https://api.fireworks.ai/inference/v1). "the compatibility docs" is
// https://fireworks.ai/docs/tools-sdks/openai-compatibility.
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
  lastUserMessage,
  requestedLimit,
} from "./request.ts";

interface FireworksModel {
  /** Context window in tokens (the model's page on fireworks.ai/models). */
  context: number;
}

export const FIREWORKS_MODELS: Readonly<Record<string, FireworksModel>> = {
  "accounts/fireworks/models/llama4-maverick-instruct-basic": { context: 1_048_576 },
};

/** {"error":{"object":"error","type":"invalid_request_error","message":…}} (BerriAI/litellm#3465). */
function error(status: number, message: string, code?: string): DoubleReply {
  return {
    status,
    body: {
      error: { object: "error", type: "invalid_request_error", ...(code ? { code } : {}), message },
    },
  };
}

export const startFireworksDouble = hostedDouble("fireworks", "fw_double", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey }: HostedConfig,
): DoubleReply {
  if (bearerToken(request.headers) !== apiKey)
    return error(401, "The API key you provided is invalid.");
  if (!isRecord(request.body))
    return error(400, "Input should be a valid dictionary or object to extract fields from");
  const body = request.body;

  const model = typeof body.model === "string" ? FIREWORKS_MODELS[body.model] : undefined;
  if (!model) {
    // 404 {"message":"Model not found, inaccessible, and/or not deployed","param":"model",
    // "code":"NOT_FOUND","type":"error"} (warpdotdev/warp#15107).
    return error(404, "Model not found, inaccessible, and/or not deployed", "NOT_FOUND");
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(400, "messages: field required");
  }

  const requested = requestedLimit(body, ["max_tokens", "max_completion_tokens"]);
  if (requested && !isPositiveInteger(requested.value)) {
    return error(400, `${requested.field}: Input should be greater than 0`);
  }
  const messages = body.messages;
  const prompt = promptTokens(messages);
  let limit = requested?.value as number | undefined;
  if (limit !== undefined && prompt + limit > model.context) {
    // The compatibility docs: "If the length of prompt or messages plus max_tokens is higher than
    // the model's context window, max_tokens will be adjusted lower accordingly. OpenAI returns
    // an invalid request error in this situation. Control this behavior with the
    // context_length_exceeded_behavior parameter: truncate (default) … error: Returns an error
    // like OpenAI does".
    if (body.context_length_exceeded_behavior === "error") {
      return error(
        400,
        `The prompt (${prompt} tokens) plus max_tokens (${limit}) exceeds the context window of ${model.context} tokens`,
      );
    }
    limit = model.context - prompt;
  }

  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model as string }),
    {
      thinkingTokens: 0,
      limit,
    },
  );
  return {
    status: 200,
    body: chatCompletion({
      model: body.model as string,
      message: { content: generation.content },
      finishReason: generation.finishReason,
      usage: usage(prompt, generation, { reasoningDetails: false }),
    }),
  };
}
