// Ollama's OpenAI-compatible endpoint (http://localhost:11434/v1), a local server. Its rules are
// its code: ollama/ollama openai/openai.go (the request it decodes, how it maps it) and
// middleware/openai.go (what it refuses and how errors look).
import {
  chatCompletion,
  DEFAULT_THINKING_TOKENS,
  generate,
  promptTokens,
  thinkingForEffort,
} from "./completion.ts";
import {
  type AnswerBehavior,
  type DoubleOptions,
  type DoubleReply,
  type DoubleRequest,
  type ProviderDouble,
  startDouble,
} from "./core.ts";
import { isRecord, isSet, lastUserMessage } from "./request.ts";

/** The models Assay's catalog runs on Ollama: what the double has "pulled" unless told otherwise. */
export const OLLAMA_DEFAULT_MODELS: readonly string[] = [
  "llama3.2",
  "qwen2.5:7b",
  "mistral",
  "gemma3",
  "gpt-oss:20b",
];

/**
 * Ollama errors: {"error":{"message","type","param":null,"code":null}} where type is
 * "invalid_request_error" for 400, "not_found_error" for 404, "api_error" otherwise
 * (openai/openai.go, NewError).
 */
function error(status: number, message: string): DoubleReply {
  const type =
    status === 400 ? "invalid_request_error" : status === 404 ? "not_found_error" : "api_error";
  return { status, body: { error: { message, type, param: null, code: null } } };
}

/** A tag without `:tag` is `:latest` (`ollama pull llama3.2` pulls llama3.2:latest). */
function canonical(name: string): string {
  return name.includes(":") ? name : `${name}:latest`;
}

export function startOllamaDouble(
  options: DoubleOptions & { models?: readonly string[] } = {},
): Promise<ProviderDouble> {
  const pulled = new Set((options.models ?? OLLAMA_DEFAULT_MODELS).map(canonical));
  const thinking = options.thinkingTokens ?? DEFAULT_THINKING_TOKENS;
  // No key: Ollama does not authenticate; the OpenAI client's key is "required but ignored"
  // (docs.ollama.com/api/openai-compatibility).
  return startDouble(
    {
      name: "ollama",
      apiKey: undefined,
      handle: (request, behavior) => handle(request, behavior, pulled, thinking),
    },
    options,
  );
}

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  pulled: ReadonlySet<string>,
  thinkingTokens: number,
): DoubleReply {
  // middleware/openai.go ChatMiddleware: `c.ShouldBindJSON(&req)` failing → 400 with the error.
  if (!isRecord(request.body)) return error(400, "invalid character in JSON body");
  const body = request.body;
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    // `if len(req.Messages) == 0 { … NewError(http.StatusBadRequest, "[] is too short - 'messages'") }`
    return error(400, "[] is too short - 'messages'");
  }
  // openai/openai.go FromChatRequest: `effort` from `reasoning.effort` or `reasoning_effort`;
  // `if !slices.Contains([]string{"high", "medium", "low", "none"}, effort)` → "invalid reasoning
  // value: '%s' (must be \"high\", \"medium\", \"low\", or \"none\")".
  const effortValue = isRecord(body.reasoning) ? body.reasoning.effort : body.reasoning_effort;
  const effort = typeof effortValue === "string" && effortValue !== "" ? effortValue : undefined;
  if (effort !== undefined && !["high", "medium", "low", "none"].includes(effort)) {
    return error(
      400,
      `invalid reasoning value: '${effort}' (must be "high", "medium", "low", or "none")`,
    );
  }
  const name = typeof body.model === "string" ? body.model : "";
  if (!pulled.has(canonical(name))) {
    // The /api/chat error for a model that is not there, passed through writeError as a 404.
    return error(404, `model "${name}" not found, try pulling it first`);
  }

  // ChatCompletionRequest decodes `max_tokens` (→ options["num_predict"]) and no
  // `max_completion_tokens`: Go's JSON decoding drops fields the struct does not have, so that
  // one (like `n`, `logit_bias` or `user`) is ignored — the answer is then not limited at all.
  const limit =
    typeof body.max_tokens === "number" && isSet(body, "max_tokens") ? body.max_tokens : undefined;
  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: name }),
    {
      thinkingTokens: thinksAs(name, effort, thinkingTokens),
      // num_predict bounds everything generated, thinking included: gemma4 with max_tokens 50
      // answers content "" with all the text in `reasoning` (ollama/ollama#15288).
      limit,
    },
  );
  const prompt = promptTokens(messages);
  const completion = generation.contentTokens + generation.reasoningTokens;
  return {
    status: 200,
    body: chatCompletion({
      model: name,
      // ToChatCompletion: Message{Role, Content, Reasoning: r.Message.Thinking} (`reasoning`
      // omitted when empty); finish_reason is the done_reason ("stop" or "length").
      message:
        generation.reasoning === ""
          ? { content: generation.content }
          : { content: generation.content, reasoning: generation.reasoning },
      finishReason: generation.finishReason,
      // ToUsage: prompt_eval_count, eval_count and their sum.
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
      extra: { system_fingerprint: "fp_ollama" },
    }),
  };
}

/**
 * Thinking models among ollama.com's (the "thinking" capability): gpt-oss thinks at a level and
 * cannot be switched off ("GPT-OSS … booleans are ignored", docs.ollama.com/capabilities/thinking),
 * qwen3 and deepseek-r1 think unless told `none`. The others do not think.
 */
function thinksAs(name: string, effort: string | undefined, atDefault: number): number {
  if (name.startsWith("gpt-oss"))
    return thinkingForEffort(effort === "none" ? undefined : effort, atDefault);
  if (name.startsWith("qwen3") || name.startsWith("deepseek-r1")) {
    return thinkingForEffort(effort, atDefault);
  }
  return 0;
}
