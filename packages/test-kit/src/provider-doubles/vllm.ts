// vLLM's OpenAI-compatible server (`vllm serve <model>`, http://host:8000/v1), a local server a
// custom model points at. Its rules are its code, vllm-project/vllm vllm/entrypoints/openai/
// (protocol.py: the request models; api_server.py: the --api-key check; serving_chat.py), and
// docs.vllm.ai (reasoning_outputs: the reasoning parsers).
import {
  chatCompletion,
  DEFAULT_THINKING_TOKENS,
  generate,
  inlineThinking,
  promptTokens,
  usage,
} from "./completion.ts";
import {
  type AnswerBehavior,
  type DoubleOptions,
  type DoubleReply,
  type DoubleRequest,
  type ProviderDouble,
  startDouble,
} from "./core.ts";
import {
  bearerToken,
  isPositiveInteger,
  isRecord,
  lastUserMessage,
  requestedLimit,
} from "./request.ts";

export interface VllmOptions extends DoubleOptions {
  /** `--served-model-name`: the one name the server answers to. Default "served-model". */
  servedModel?: string;
  /** `--max-model-len`: prompt plus completion, in tokens. Default 32,768. */
  maxModelLen?: number;
  /** Whether the served model thinks (a DeepSeek-R1 or Qwen3 style model). Default false. */
  thinks?: boolean;
  /** Whether the server runs with `--reasoning-parser`, splitting the thinking out. Default false. */
  reasoningParser?: boolean;
}

/**
 * {"error":{"message":"The model `nonexistent-model` does not exist.","type":"NotFoundError",
 * "param":null,"code":404}} (a vLLM deployment guide, and the same fields flat in older releases:
 * {"object":"error","message":…,"type":"NotFoundError","param":null,"code":404}).
 */
function error(status: number, type: string, message: string): DoubleReply {
  return { status, body: { error: { message, type, param: null, code: status } } };
}

export function startVllmDouble(options: VllmOptions = {}): Promise<ProviderDouble> {
  const config = {
    apiKey: options.apiKey,
    servedModel: options.servedModel ?? "served-model",
    maxModelLen: options.maxModelLen ?? 32_768,
    thinkingTokens: options.thinks ? (options.thinkingTokens ?? DEFAULT_THINKING_TOKENS) : 0,
    reasoningParser: options.reasoningParser ?? false,
  };
  return startDouble(
    {
      name: "vllm",
      apiKey: options.apiKey,
      handle: (request, behavior) => handle(request, behavior, config),
    },
    options,
  );
}

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  config: {
    apiKey: string | undefined;
    servedModel: string;
    maxModelLen: number;
    thinkingTokens: number;
    reasoningParser: boolean;
  },
): DoubleReply {
  // api_server.py: with --api-key, a request without `Authorization: Bearer <key>` gets
  // `JSONResponse(content={"error": "Unauthorized"}, status_code=401)`.
  if (config.apiKey !== undefined && bearerToken(request.headers) !== config.apiKey) {
    return { status: 401, body: { error: "Unauthorized" } };
  }
  if (!isRecord(request.body)) return error(400, "BadRequestError", "JSON decode error");
  const body = request.body;
  // protocol.py: ChatCompletionRequest requires `messages`; pydantic's complaint comes back as a
  // 400 BadRequestError ({"error":{"message":"…messages is required…","type":"BadRequestError",
  // "param":null,"code":400}} in the same guide). Fields it does not define are not refused:
  // "The following fields were present in the request but ignored" is only logged.
  if (!Array.isArray(body.messages)) {
    return error(
      400,
      "BadRequestError",
      "[{'type': 'missing', 'loc': ('body', 'messages'), 'msg': 'Field required'}]",
    );
  }
  if (body.model !== config.servedModel) {
    return error(404, "NotFoundError", `The model \`${String(body.model)}\` does not exist.`);
  }
  // protocol.py takes both `max_tokens` (deprecated) and `max_completion_tokens`.
  const limit = requestedLimit(body, ["max_completion_tokens", "max_tokens"]);
  if (limit && !isPositiveInteger(limit.value)) {
    return error(
      400,
      "BadRequestError",
      `${limit.field} must be at least 1, got ${String(limit.value)}.`,
    );
  }
  const messages = body.messages;
  const prompt = promptTokens(messages);
  const maxTokens = (limit?.value as number | undefined) ?? config.maxModelLen - prompt;
  if (prompt + maxTokens > config.maxModelLen) {
    // serving_engine.py's length check, the message OpenAI's own API used to give.
    return error(
      400,
      "BadRequestError",
      `This model's maximum context length is ${config.maxModelLen} tokens. However, you requested ${prompt + maxTokens} tokens (${prompt} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`,
    );
  }

  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: config.servedModel }),
    {
      thinkingTokens: config.thinkingTokens,
      limit: maxTokens,
    },
  );
  // docs.vllm.ai reasoning_outputs: with a reasoning parser, "the reasoning content … in the
  // `reasoning_content` field" beside `content`; without one the model's <think> text stays in
  // the content.
  const message = config.reasoningParser
    ? { content: generation.content, reasoning_content: generation.reasoning || null }
    : { content: inlineThinking(generation) };
  return {
    status: 200,
    body: chatCompletion({
      model: config.servedModel,
      message,
      finishReason: generation.finishReason,
      usage: usage(prompt, generation, { reasoningDetails: false }),
    }),
  };
}
