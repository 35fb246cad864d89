// OpenAI's chat completions (https://api.openai.com/v1): the chat models (gpt-4o, gpt-4.1 …) and
// the reasoning models (o3, o4-mini, the gpt-5 family), which refuse much of what the chat
// models take. Sources are cited beside each rule; "spec" is openai/openai-openapi openapi.yaml.
import { chatCompletion, generate, promptTokens, thinkingForEffort, usage } from "./completion.ts";
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
  listOfValues,
  maskKey,
  quoted,
  requestedLimit,
  unknownFields,
} from "./request.ts";

interface OpenAIModel {
  /** Most output tokens the model produces (platform.openai.com/docs/models, per model). */
  maxOutput: number;
  /** The reasoning efforts it takes; present only on reasoning models. */
  efforts?: readonly string[];
}

// Azure's page for these same models (MicrosoftDocs/azure-ai-docs
// articles/ai-foundry/openai/how-to/reasoning.md): "`reasoning_effort` can be set to `low`,
// `medium`, or `high` for all reasoning models except `o1-mini`. GPT-5 reasoning models support a
// new `reasoning_effort` setting of `minimal`." The spec (at 5162af9): "All models before
// `gpt-5.1` default to `medium` reasoning effort, and do not support `none`."
const O_SERIES = ["low", "medium", "high"] as const;
const GPT_5 = ["minimal", "low", "medium", "high"] as const;

export const OPENAI_MODELS: Readonly<Record<string, OpenAIModel>> = {
  "gpt-4o": { maxOutput: 16_384 },
  "gpt-4o-mini": { maxOutput: 16_384 },
  "gpt-4.1": { maxOutput: 32_768 },
  "gpt-4.1-mini": { maxOutput: 32_768 },
  "gpt-4.1-nano": { maxOutput: 32_768 },
  // Retired from the API in 2025; the double models it as it was while it was served.
  "gpt-4.5-preview": { maxOutput: 16_384 },
  "gpt-3.5-turbo": { maxOutput: 4_096 },
  o3: { maxOutput: 100_000, efforts: O_SERIES },
  "o4-mini": { maxOutput: 100_000, efforts: O_SERIES },
  "gpt-5": { maxOutput: 128_000, efforts: GPT_5 },
  "gpt-5-mini": { maxOutput: 128_000, efforts: GPT_5 },
  "gpt-5-nano": { maxOutput: 128_000, efforts: GPT_5 },
};

// Every property of CreateChatCompletionRequest (with CreateModelResponseProperties) in the spec.
// Anything else is refused: "Unrecognized request argument supplied: reasoning_effort" is what
// gpt-4o-mini answered for a field it does not take (davidmigloz/langchain_dart#712, 2025-06).
const FIELDS: ReadonlySet<string> = new Set([
  "audio",
  "frequency_penalty",
  "function_call",
  "functions",
  "logit_bias",
  "logprobs",
  "max_completion_tokens",
  "max_tokens",
  "messages",
  "metadata",
  "modalities",
  "model",
  "moderation",
  "n",
  "parallel_tool_calls",
  "prediction",
  "presence_penalty",
  "prompt_cache_key",
  "prompt_cache_options",
  "prompt_cache_retention",
  "reasoning_effort",
  "response_format",
  "safety_identifier",
  "seed",
  "service_tier",
  "stop",
  "store",
  "stream",
  "stream_options",
  "temperature",
  "tool_choice",
  "tools",
  "top_logprobs",
  "top_p",
  "user",
  "verbosity",
  "web_search_options",
]);

function error(
  status: number,
  message: string,
  param: string | null = null,
  code: string | null = null,
  type = "invalid_request_error",
): DoubleReply {
  // The shape of every OpenAI error: {"error":{"message","type","param","code"}} (the bodies
  // quoted below, e.g. griptape-ai/ComfyUI-Griptape#312).
  return { status, body: { error: { message, type, param, code } } };
}

function unsupportedParameter(param: string): DoubleReply {
  return error(
    400,
    `Unsupported parameter: '${param}' is not supported with this model.`,
    param,
    "unsupported_parameter",
  );
}

export const startOpenAIDouble = hostedDouble("openai", "sk-double-openai", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey, thinkingTokens }: HostedConfig,
): DoubleReply {
  const token = bearerToken(request.headers);
  if (token === undefined) {
    // yihong0618/bilingual_book_maker#137 quotes this message for a request without a key.
    return error(
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
    );
  }
  if (token !== apiKey) {
    // 401 {"message":"Incorrect API key provided: sk-VKMIs***…wjh3. You can find your API key at
    // https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,
    // "code":"invalid_api_key"} (chatanywhere/GPT_API_free#62).
    return error(
      401,
      `Incorrect API key provided: ${maskKey(token)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      null,
      "invalid_api_key",
    );
  }
  if (!isRecord(request.body)) {
    return error(400, "We could not parse the JSON body of your request.");
  }
  const body = request.body;

  const unknown = unknownFields(body, FIELDS);
  if (unknown.length > 0) {
    return error(400, `Unrecognized request argument supplied: ${unknown.join(", ")}`);
  }

  // Spec: CreateChatCompletionRequest `required: [model, messages]`, messages `minItems: 1`.
  if (typeof body.model !== "string") {
    return error(
      400,
      "Missing required parameter: 'model'.",
      "model",
      "missing_required_parameter",
    );
  }
  const model = OPENAI_MODELS[body.model];
  if (!model) {
    // {"code":"model_not_found","message":"The model `gpt-4o` does not exist or you do not have
    // access to it.","param":null,"type":"invalid_request_error"} with 404 (ksred/GitPilotAI#12,
    // continuedev/continue#10166).
    return error(
      404,
      `The model \`${body.model}\` does not exist or you do not have access to it.`,
      null,
      "model_not_found",
    );
  }
  if (!isSet(body, "messages")) {
    return error(
      400,
      "Missing required parameter: 'messages'.",
      "messages",
      "missing_required_parameter",
    );
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(
      400,
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      "messages",
      "empty_array",
    );
  }

  const refused = model.efforts ? reasoningRules(body, model.efforts) : chatRules(body);
  if (refused) return refused;

  const limit = requestedLimit(body, ["max_completion_tokens", "max_tokens"]);
  if (limit && !isPositiveInteger(limit.value)) {
    return error(
      400,
      `Invalid '${limit.field}': expected a positive integer.`,
      limit.field,
      "invalid_value",
    );
  }
  if (limit && (limit.value as number) > model.maxOutput) {
    // "max_tokens is too large: 8192. This model supports at most 4096 completion tokens, whereas
    // you provided 8192." type invalid_request_error, param max_tokens
    // (ChatGPTNextWeb/NextChat#3195; 16,384 for gpt-4o in enoch3712/ExtractThinker#346).
    return error(
      400,
      `${limit.field} is too large: ${limit.value}. This model supports at most ${model.maxOutput} completion tokens, whereas you provided ${limit.value}.`,
      limit.field,
    );
  }

  const messages = body.messages;
  const effort = typeof body.reasoning_effort === "string" ? body.reasoning_effort : undefined;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model }),
    {
      // Reasoning tokens come out of the same budget as the answer: max_completion_tokens is "An
      // upper bound for the number of tokens that can be generated for a completion, including
      // visible output tokens and reasoning tokens" (spec). The reasoning is never returned.
      thinkingTokens: model.efforts ? thinkingForEffort(effort, thinkingTokens) : 0,
      limit: limit?.value as number | undefined,
    },
  );
  return {
    status: 200,
    body: chatCompletion({
      model: body.model,
      message: { content: generation.content, refusal: null },
      finishReason: generation.finishReason,
      // Reasoning models report "reasoning_tokens as part of completion_tokens_details" (Azure
      // reasoning.md, whose sample has completion_tokens 1843 with reasoning_tokens 448).
      usage: usage(promptTokens(messages), generation, {
        reasoningDetails: model.efforts !== undefined,
      }),
    }),
  };
}

/** What the chat models refuse. */
function chatRules(body: Body): DoubleReply | undefined {
  // Spec: reasoning_effort "Constrains effort on reasoning for reasoning models" ("**o-series
  // models only**" at 498c71d). gpt-4o-mini answers 400 "Unrecognized request argument supplied:
  // reasoning_effort" (davidmigloz/langchain_dart#712; coroot/coroot#698).
  if (isSet(body, "reasoning_effort")) {
    return error(400, "Unrecognized request argument supplied: reasoning_effort");
  }
  // Spec: temperature `minimum: 0`, `maximum: 2`.
  const temperature = body.temperature;
  if (
    isSet(body, "temperature") &&
    (typeof temperature !== "number" || temperature < 0 || temperature > 2)
  ) {
    return error(
      400,
      `Invalid 'temperature': expected a number between 0 and 2, but got ${quoted(temperature)} instead.`,
      "temperature",
      "invalid_value",
    );
  }
  return undefined;
}

/** What the reasoning models refuse. */
function reasoningRules(body: Body, efforts: readonly string[]): DoubleReply | undefined {
  // Spec, max_tokens: "This value is now deprecated in favor of `max_completion_tokens`, and is
  // not compatible with [o-series models]". The exact answer (gpt-5, griptape-ai/ComfyUI-Griptape
  // #312; o1/o3-mini, teilomillet/gollm#33).
  if (isSet(body, "max_tokens")) {
    return error(
      400,
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      "max_tokens",
      "unsupported_parameter",
    );
  }
  // Azure reasoning.md, "Not Supported": "The following are currently unsupported with reasoning
  // models: `temperature`, `top_p`, `presence_penalty`, `frequency_penalty`, `logprobs`,
  // `top_logprobs`, `logit_bias`, `max_tokens`". For temperature OpenAI takes the default only:
  // 400 "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1)
  // value is supported." param temperature, code unsupported_value (QwenLM/qwen-code#921 on
  // gpt-5-mini; OpenHands/OpenHands#4131 on o1-mini).
  for (const param of ["temperature", "top_p"]) {
    if (isSet(body, param) && body[param] !== 1) {
      return error(
        400,
        `Unsupported value: '${param}' does not support ${quoted(body[param])} with this model. Only the default (1) value is supported.`,
        param,
        "unsupported_value",
      );
    }
  }
  for (const param of [
    "presence_penalty",
    "frequency_penalty",
    "logprobs",
    "top_logprobs",
    "logit_bias",
  ]) {
    if (isSet(body, param)) return unsupportedParameter(param);
  }
  if (isSet(body, "reasoning_effort") && !efforts.includes(body.reasoning_effort as string)) {
    // 'Unsupported value: \'reasoning_effort\' does not support \'none\' with this model.
    // Supported values are: \'minimal\', \'low\', \'medium\', and \'high\'.' (Kilo-Org/cloud#3807).
    return error(
      400,
      `Unsupported value: 'reasoning_effort' does not support ${quoted(body.reasoning_effort)} with this model. Supported values are: ${listOfValues(efforts)}.`,
      "reasoning_effort",
      "unsupported_value",
    );
  }
  return undefined;
}
