// Groq (https://api.groq.com/openai/v1). "the compatibility docs" is
// https://console.groq.com/docs/openai; "the reasoning docs" is
// https://console.groq.com/docs/reasoning (Qwen 3 32B and GPT-OSS think before answering).
import {
  chatCompletion,
  generate,
  inlineThinking,
  promptTokens,
  thinkingForEffort,
  usage,
} from "./completion.ts";
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
  quoted,
  requestedLimit,
} from "./request.ts";

type Reasoning = "qwen3" | "gpt-oss";

interface GroqModel {
  reasoning?: Reasoning;
}

// Model ids as Groq serves them (console.groq.com/docs/models; the reasoning docs' "Supported
// Models" table for the three that think).
export const GROQ_MODELS: Readonly<Record<string, GroqModel>> = {
  "llama-3.3-70b-versatile": {},
  "meta-llama/llama-4-scout-17b-16e-instruct": {},
  "moonshotai/kimi-k2-instruct-0905": {},
  "qwen/qwen3-32b": { reasoning: "qwen3" },
  "openai/gpt-oss-120b": { reasoning: "gpt-oss" },
  "openai/gpt-oss-20b": { reasoning: "gpt-oss" },
};

// The reasoning docs: reasoning_effort "none" and "default" "are only supported by Qwen 3 32B.
// low, medium, and high are only supported by GPT-OSS 20B and GPT-OSS 120B."
const EFFORTS: Readonly<Record<Reasoning, readonly string[]>> = {
  qwen3: ["none", "default"],
  "gpt-oss": ["low", "medium", "high"],
};

/** 401 {"error":{"message":"Invalid API Key","type":"invalid_request_error","code":"invalid_api_key"}} (ag5826000/resume-commentor#4). */
function error(status: number, message: string, code: string | null = null): DoubleReply {
  return {
    status,
    body: { error: { message, type: "invalid_request_error", ...(code ? { code } : {}) } },
  };
}

export const startGroqDouble = hostedDouble("groq", "gsk_double_groq", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey, thinkingTokens }: HostedConfig,
): DoubleReply {
  if (bearerToken(request.headers) !== apiKey)
    return error(401, "Invalid API Key", "invalid_api_key");
  if (!isRecord(request.body))
    return error(400, "We could not parse the JSON body of your request.");
  const body = request.body;

  const model = typeof body.model === "string" ? GROQ_MODELS[body.model] : undefined;
  if (!model) {
    // {"message":"The model `llama-3.1-405b-reasoning` does not exist or you do not have access
    // to it.","type":"invalid_request_error","code":"model_not_found"} (lobehub/lobehub#3367).
    return error(
      404,
      `The model \`${String(body.model)}\` does not exist or you do not have access to it.`,
      "model_not_found",
    );
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return error(400, "'messages' : minimum number of items is 1");
  }

  // The compatibility docs: "The following fields are not supported and will result in a 400
  // error if they are supplied: logprobs, logit_bias, top_logprobs, messages[].name"; "If N is
  // supplied, it must be equal to 1." ("If you set a temperature value of 0, it will be converted
  // to 1e-8": accepted.)
  for (const param of ["logprobs", "logit_bias", "top_logprobs"]) {
    if (isSet(body, param)) return error(400, `'${param}' : property '${param}' is unsupported`);
  }
  if (isSet(body, "n") && body.n !== 1) return error(400, "'n' : number must be at most 1");
  // Message properties are checked the same way: 400 "'messages.1' : for 'role:assistant' the
  // following must be satisfied[('messages.1' : property 'reasoning_content' is unsupported)]"
  // (agentjido/req_llm#772).
  for (const [index, message] of body.messages.entries()) {
    if (!isRecord(message)) continue;
    for (const property of ["name", "reasoning_content"]) {
      if (property in message) {
        return error(
          400,
          `'messages.${index}' : for 'role:${String(message.role)}' the following must be satisfied[('messages.${index}' : property '${property}' is unsupported)]`,
        );
      }
    }
  }

  const refused = reasoningRules(body, body.model as string, model);
  if (refused) return refused;

  const limit = requestedLimit(body, ["max_completion_tokens", "max_tokens"]);
  if (limit && !isPositiveInteger(limit.value)) {
    return error(400, `'${limit.field}' : value must be a positive integer`);
  }
  const effort = typeof body.reasoning_effort === "string" ? body.reasoning_effort : undefined;
  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: body.model as string }),
    {
      // Reasoning chains "are part of the token output" (the reasoning docs), so they come out of
      // max_completion_tokens — whose default of 1024 "may be too low for complex reasoning".
      thinkingTokens: model.reasoning ? thinkingForEffort(effort, thinkingTokens) : 0,
      limit: limit?.value as number | undefined,
    },
  );

  return {
    status: 200,
    body: chatCompletion({
      model: body.model as string,
      message: message(body, model, generation),
      finishReason: generation.finishReason,
      usage: usage(promptTokens(messages), generation, { reasoningDetails: false }),
      extra: { x_groq: { id: "req_double" } },
    }),
  };
}

function reasoningRules(
  body: Record<string, unknown>,
  name: string,
  model: GroqModel,
): DoubleReply | undefined {
  if (isSet(body, "reasoning_effort")) {
    const allowed = model.reasoning ? EFFORTS[model.reasoning] : [];
    if (!allowed.includes(body.reasoning_effort as string)) {
      return error(
        400,
        `\`reasoning_effort\` ${quoted(body.reasoning_effort)} is not supported with model \`${name}\``,
      );
    }
  }
  // The reasoning docs: "The `include_reasoning` parameter cannot be used together with
  // `reasoning_format`. These parameters are mutually exclusive." — answered "cannot specify both
  // 'include_reasoning' and 'reasoning_format'" (a GPT-OSS fix note quoting the 400).
  if (isSet(body, "include_reasoning") && isSet(body, "reasoning_format")) {
    return error(400, "cannot specify both 'include_reasoning' and 'reasoning_format'");
  }
  if (isSet(body, "reasoning_format")) {
    // The reasoning docs: "With openai/gpt-oss-20b and openai/gpt-oss-120b, the
    // `reasoning_format` parameter is not supported."
    if (model.reasoning === "gpt-oss") {
      return error(400, `\`reasoning_format\` is not supported with model \`${name}\``);
    }
    if (!["parsed", "raw", "hidden"].includes(body.reasoning_format as string)) {
      return error(400, '\'reasoning_format\' : value must be one of "parsed", "raw", "hidden"');
    }
  }
  return undefined;
}

/** Where the thinking goes, per the reasoning docs' options. */
function message(
  body: Record<string, unknown>,
  model: GroqModel,
  generation: ReturnType<typeof generate>,
): Record<string, unknown> {
  if (model.reasoning === "gpt-oss") {
    // "include_reasoning … true: Includes the reasoning in a dedicated message.reasoning field.
    // This is the default behavior."
    return body.include_reasoning === false
      ? { content: generation.content }
      : { content: generation.content, reasoning: generation.reasoning };
  }
  if (model.reasoning === "qwen3" && generation.reasoningTokens > 0) {
    // "parsed | Separates reasoning into a dedicated message.reasoning field"; "raw | Includes
    // reasoning within <think> tags in the main text content" — the default ("reasoning_format |
    // raw" in the recommended parameters table); "hidden | Returns only the final answer."
    const format = (body.reasoning_format as string | undefined) ?? "raw";
    if (format === "parsed")
      return { content: generation.content, reasoning: generation.reasoning };
    if (format === "hidden") return { content: generation.content };
    return { content: inlineThinking(generation) };
  }
  return { content: generation.content };
}
