// Gemini's OpenAI compatibility endpoint (https://generativelanguage.googleapis.com/v1beta/openai).
// "the docs" is https://ai.google.dev/gemini-api/docs/openai; "the thinking docs" is
// https://ai.google.dev/gemini-api/docs/thinking. Gemini 2.5 models think before they answer,
// and the thinking is spent from the same max_tokens as the answer.
import { chatCompletion, generate, promptTokens } from "./completion.ts";
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

interface Thinking {
  /** What the model does without reasoning_effort or a thinking budget. */
  byDefault: "dynamic" | "off";
  /** The budget range of the thinking docs' table. */
  min: number;
  max: number;
  /** Whether thinking can be turned off ("Disable thinking" column). */
  canDisable: boolean;
}

interface GeminiModel {
  /** "Output token limit" of ai.google.dev/gemini-api/docs/models, per model. */
  maxOutput: number;
  thinking?: Thinking;
}

// The thinking docs' table: "2.5 Pro | Dynamic thinking … | 128 to 32768 | N/A: Cannot disable
// thinking"; "2.5 Flash | Dynamic thinking … | 0 to 24576 | thinkingBudget = 0"; "2.5 Flash Lite |
// Model does not think | 512 to 24576 | thinkingBudget = 0". Gemini 2.0 and 1.5 do not think.
// gemini-1.5-pro is retired; the double models it as it was while served.
export const GEMINI_MODELS: Readonly<Record<string, GeminiModel>> = {
  "gemini-2.5-pro": {
    maxOutput: 65_536,
    thinking: { byDefault: "dynamic", min: 128, max: 32_768, canDisable: false },
  },
  "gemini-2.5-flash": {
    maxOutput: 65_536,
    thinking: { byDefault: "dynamic", min: 0, max: 24_576, canDisable: true },
  },
  "gemini-2.5-flash-lite": {
    maxOutput: 65_536,
    thinking: { byDefault: "off", min: 512, max: 24_576, canDisable: true },
  },
  // "Output token limit 8,192" (avante-corp/avante.nvim#1767 quoting the models page).
  "gemini-2.0-flash": { maxOutput: 8_192 },
  "gemini-2.0-flash-lite": { maxOutput: 8_192 },
  "gemini-1.5-pro": { maxOutput: 8_192 },
};

// The docs' table mapping OpenAI efforts to "`thinking_budget` (Gemini 2.5)": minimal 1,024,
// low 1,024, medium 8,192, high 24,576; "you can set `reasoning_effort` to `"none"` for 2.5
// models. Reasoning cannot be turned off for Gemini 2.5 Pro or 3 models."
const EFFORT_BUDGETS: Readonly<Record<string, number>> = {
  minimal: 1_024,
  low: 1_024,
  medium: 8_192,
  high: 24_576,
  none: 0,
};

// Fields the endpoint has been seen to refuse with "Invalid JSON payload received. Unknown name
// \"store\": Cannot find field." (liliMozi/openhanako#394), "reasoning"
// (SuzumiyaAkizuki/ComfyUI-NewBie-LLM-Formatter#3), "prompt_cache_key" (leookun/cursor-byok#112),
// "frequency_penalty" (suyiiyii/AutoGLM-GUI#85). The endpoint refuses any field it does not
// know; these are the ones it is documented (by those reports) not to know.
const UNKNOWN_TO_GEMINI = ["store", "reasoning", "prompt_cache_key", "frequency_penalty"];

/**
 * Errors come as a JSON *list* holding one Google API error, e.g. `[{"error":{"code":400,
 * "message":"Invalid JSON payload received. Unknown name \"store\": Cannot find field.",
 * "status":"INVALID_ARGUMENT","details":[…]}}]` (liliMozi/openhanako#394).
 */
function error(code: number, status: string, message: string, details?: unknown[]): DoubleReply {
  return {
    status: code,
    body: [{ error: { code, message, status, ...(details ? { details } : {}) } }],
  };
}

function invalid(message: string): DoubleReply {
  return error(400, "INVALID_ARGUMENT", message);
}

export const startGoogleDouble = hostedDouble("google", "AIza-double-gemini", handle);

function handle(
  request: DoubleRequest,
  behavior: AnswerBehavior,
  { apiKey, thinkingTokens: dynamicThinking }: HostedConfig,
): DoubleReply {
  // The docs: `-H "Authorization: Bearer $GEMINI_API_KEY"`. Without a key: 403 "Method doesn't
  // allow unregistered callers (callers without established identity). Please use API Key or
  // other form of API consumer identity to call this API." PERMISSION_DENIED
  // (UnityGameStudio/Gemini-Unity-Package#1); with a wrong one: 400 "API key not valid. Please
  // pass a valid API key." INVALID_ARGUMENT, reason API_KEY_INVALID (google/timesketch#3703).
  const token = bearerToken(request.headers);
  if (token === undefined) {
    return error(
      403,
      "PERMISSION_DENIED",
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    );
  }
  if (token !== apiKey) {
    return error(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "API_KEY_INVALID",
        domain: "googleapis.com",
        metadata: { service: "generativelanguage.googleapis.com" },
      },
    ]);
  }
  if (!isRecord(request.body)) return invalid("Invalid JSON payload received.");
  const body = request.body;

  for (const field of UNKNOWN_TO_GEMINI) {
    if (field in body) {
      const message = `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`;
      return error(400, "INVALID_ARGUMENT", message, [
        {
          "@type": "type.googleapis.com/google.rpc.BadRequest",
          fieldViolations: [{ description: message }],
        },
      ]);
    }
  }

  if (typeof body.model !== "string") return invalid("Request contains an invalid argument.");
  // Accepts "models/<name>" as well: the endpoint's model ids carry that prefix.
  const name = body.model.replace(/^models\//, "");
  const model = GEMINI_MODELS[name];
  if (!model) {
    return error(
      404,
      "NOT_FOUND",
      `models/${name} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    );
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return invalid("Request contains an invalid argument.");
  }

  const limit = requestedLimit(body, ["max_completion_tokens", "max_tokens"]);
  if (limit && !isPositiveInteger(limit.value))
    return invalid("Request contains an invalid argument.");
  const maxTokens = limit?.value as number | undefined;
  if (maxTokens !== undefined && maxTokens > model.maxOutput) {
    // "Unable to submit request because it has a maxOutputTokens value of 655360 but the
    // supported range is from 1 (inclusive) to 8193 (exclusive). Update the value and try
    // again." (stackblitz-labs/bolt.diy#955; gemini-2.0-flash in evalstate/fast-agent#554).
    return invalid(
      `Unable to submit request because it has a maxOutputTokens value of ${maxTokens} but the supported range is from 1 (inclusive) to ${model.maxOutput + 1} (exclusive). Update the value and try again.`,
    );
  }

  const thinking = thinkingTokens(body, name, model, dynamicThinking);
  if (typeof thinking !== "number") return thinking;

  const messages = body.messages;
  const generation = generate(
    behavior({ lastUserMessage: lastUserMessage(messages), model: name }),
    {
      thinkingTokens: thinking,
      // Thinking counts against the output limit: with max_output_tokens 256, gemini-2.5-pro answers
      // text='' with finish_reason MAX_TOKENS (googleapis/python-genai#811); "Recent Gemini models
      // that support thinking can reach the max token limit during thinking, resulting in a
      // response with no output text" (stanford-crfm/helm#3804).
      limit: maxTokens,
    },
  );
  const prompt = promptTokens(messages);
  return {
    status: 200,
    body: chatCompletion({
      model: name,
      // No text part when the limit ran out while thinking: "the API returns candidates with no
      // content field" (valentinfrlch/ha-llmvision#609) — null content here.
      message: { content: generation.content === "" ? null : generation.content },
      finishReason: generation.finishReason,
      // completion_tokens counts the answer only while total_tokens includes the thinking: "Gemini:
      // prompt=20, completion=424, total=1016 → 572 thinking tokens dropped"
      // (Clarifai/clarifai-python#978). total - prompt is what Gemini bills as output.
      usage: {
        prompt_tokens: prompt,
        completion_tokens: generation.contentTokens,
        total_tokens: prompt + generation.contentTokens + generation.reasoningTokens,
      },
    }),
  };
}

/** The thinking the request leads to, or the refusal of its thinking settings. */
function thinkingTokens(
  body: Body,
  name: string,
  model: GeminiModel,
  dynamic: number,
): number | DoubleReply {
  const google = isRecord(body.google)
    ? body.google
    : isRecord(body.extra_body) && isRecord(body.extra_body.google)
      ? body.extra_body.google
      : undefined;
  const config = google && isRecord(google.thinking_config) ? google.thinking_config : undefined;
  const hasEffort = isSet(body, "reasoning_effort");
  if (hasEffort && config) {
    // The docs: "`reasoning_effort` and `thinking_level`/`thinking_budget` overlap functionality,
    // so they can't be used at the same time."
    return invalid("reasoning_effort and thinking_config cannot be used at the same time.");
  }
  const thinking = model.thinking;
  if (!thinking) return 0; // 2.0 and 1.5 models do not think (not refused: unsourced).

  if (hasEffort) {
    const effort = body.reasoning_effort as string;
    const budget = EFFORT_BUDGETS[effort];
    if (budget === undefined) {
      return invalid(`Invalid value for reasoning_effort: ${JSON.stringify(effort)}.`);
    }
    if (budget === 0 && !thinking.canDisable) {
      return invalid(`Reasoning cannot be turned off for ${name}.`);
    }
    // A budget is a cap; the double thinks all of it (the worst case a request must leave room for).
    return budget;
  }
  if (config && isSet(config, "thinking_budget")) {
    const budget = config.thinking_budget;
    if (budget === -1) return dynamic;
    const disables = budget === 0 && thinking.canDisable;
    if (
      !Number.isInteger(budget) ||
      (!disables && ((budget as number) < thinking.min || (budget as number) > thinking.max))
    ) {
      return invalid(
        `The thinking budget ${JSON.stringify(budget)} is invalid. Please choose a value between ${thinking.min} and ${thinking.max}.`,
      );
    }
    return budget as number;
  }
  return thinking.byDefault === "dynamic" ? dynamic : 0;
}
