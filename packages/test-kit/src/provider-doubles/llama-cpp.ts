// llama.cpp's llama-server (`llama-server -m model.gguf`, http://host:8080/v1), a local server a
// custom model points at. Its rules are its code, ggml-org/llama.cpp tools/server/: server.cpp
// (the --api-key middleware), utils.hpp (oaicompat_chat_params_parse: what /v1/chat/completions
// refuses), server-common.cpp (format_error_response: the error shape) and server-task.cpp
// (params_from_json_cmpl: how the limit is read).
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
import { bearerToken, isRecord, isSet, lastUserMessage } from "./request.ts";

export interface LlamaCppOptions extends DoubleOptions {
  /** `-c`: the context size, prompt plus generation, in tokens. Default 4,096. */
  contextSize?: number;
  /** Whether the loaded model thinks (DeepSeek-R1, Qwen3 …). Default false. */
  thinks?: boolean;
  /** `--reasoning-format`: "deepseek" (the default, "auto") splits thinking out; "none" keeps it inline. */
  reasoningFormat?: "deepseek" | "none";
}

/**
 * format_error_response: {"code":400,"message":…,"type":"invalid_request_error"} (401
 * authentication_error, 404 not_found_error, 500 server_error …), sent as {"error": …} with the
 * code as the status.
 */
function error(code: number, type: string, message: string): DoubleReply {
  return { status: code, body: { error: { code, message, type } } };
}

export function startLlamaCppDouble(options: LlamaCppOptions = {}): Promise<ProviderDouble> {
  const config = {
    apiKey: options.apiKey,
    contextSize: options.contextSize ?? 4_096,
    thinkingTokens: options.thinks ? (options.thinkingTokens ?? DEFAULT_THINKING_TOKENS) : 0,
    reasoningFormat: options.reasoningFormat ?? "deepseek",
  };
  return startDouble(
    {
      name: "llama-cpp",
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
    contextSize: number;
    thinkingTokens: number;
    reasoningFormat: string;
  },
): DoubleReply {
  // server.cpp, middleware_validate_api_key: "API key is invalid or not provided" →
  // format_error_response("Invalid API Key", ERROR_TYPE_AUTHENTICATION).
  if (config.apiKey !== undefined && bearerToken(request.headers) !== config.apiKey) {
    return error(401, "authentication_error", "Invalid API Key");
  }
  if (!isRecord(request.body)) return error(400, "invalid_request_error", "Invalid JSON body");
  const body = request.body;
  // utils.hpp throws std::runtime_error for these, which the handler answers as a server error:
  // `{"error":{"code":500,"message":"Only one completion choice is allowed","type":"server_error"}}`
  // for n = 2 (a parameter survey of a llama-server endpoint). A 500 that retrying cannot fix.
  if (!("messages" in body)) return error(500, "server_error", "'messages' is required");
  if (!Array.isArray(body.messages))
    return error(500, "server_error", "Expected 'messages' to be an array");
  if (isSet(body, "n") && body.n !== 1)
    return error(500, "server_error", "Only one completion choice is allowed");
  if (isSet(body, "top_logprobs") && body.logprobs !== true) {
    return error(500, "server_error", "top_logprobs requires logprobs to be set to true");
  }
  // Every other field is passed on as a llama.cpp parameter ("This allows user to use
  // llama.cpp-specific params like \"mirostat\", \"tfs_z\",... via OAI endpoint"); `model` does not
  // select anything — the server runs the one model it loaded.

  const messages = body.messages;
  const prompt = promptTokens(messages);
  if (prompt >= config.contextSize) {
    // ERROR_TYPE_EXCEED_CONTEXT_SIZE (400): the prompt does not fit the context.
    return error(
      400,
      "exceed_context_size_error",
      `the request exceeds the available context size (${prompt} tokens, context ${config.contextSize})`,
    );
  }
  // server-task.cpp: `n_predict = json_value(data, "n_predict", json_value(data,
  // "max_completion_tokens", max_tokens))`, default -1 (no limit but the context).
  const asked = [body.n_predict, body.max_completion_tokens, body.max_tokens].find(
    (v) => typeof v === "number",
  );
  const room = config.contextSize - prompt;
  const limit = typeof asked === "number" && asked >= 0 ? Math.min(asked, room) : room;

  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: String(body.model) }),
    {
      thinkingTokens: config.thinkingTokens,
      limit,
    },
  );
  const message =
    config.reasoningFormat === "deepseek" && generation.reasoningTokens > 0
      ? { content: generation.content, reasoning_content: generation.reasoning }
      : { content: inlineThinking(generation) };
  return {
    status: 200,
    body: chatCompletion({
      model: typeof body.model === "string" ? body.model : "gpt-3.5-turbo",
      message,
      finishReason: generation.finishReason,
      usage: usage(prompt, generation, { reasoningDetails: false }),
      extra: {
        system_fingerprint: "b-double",
        timings: {
          prompt_n: prompt,
          predicted_n: generation.contentTokens + generation.reasoningTokens,
        },
      },
    }),
  };
}
