import { toStorableText } from "../../platform/unstorable-text.ts";
import { ModelCallError } from "./model-call-error.ts";
import type { RequestProfile } from "./profiles/request-profile.ts";
import { splitThinking } from "./split-thinking.ts";

/** The part of a chat completion the engine uses. */
export interface ParsedCompletion {
  /** The answer, without its reasoning: what is scored. */
  content: string;
  /** The reasoning the provider returned beside (or inside) the answer; null when none. */
  reasoning: string | null;
  finishReason: string | null;
  promptTokens: number;
  /** Reasoning included, as every provider counts (and bills) them. */
  completionTokens: number;
  reasoningTokens: number;
}

/** Where a family's answers keep their reasoning (from its request profile). */
export type AnswerReading = Pick<
  RequestProfile,
  "reasoningFields" | "thinkTags" | "usageOmitsThinking"
>;

const PLAIN: AnswerReading = { reasoningFields: [], thinkTags: false };

/** Upstream text echoed into an error message is cut here (reliability B5). */
export const MAX_DETAIL_CHARS = 300;

/**
 * Validates a 2xx body as an OpenAI chat completion. Garbage (not JSON, no `choices`, an HTML
 * page, a proxy's error object) is a retryable `bad_response`: it is usually a transient proxy
 * or load-balancer failure. `content: null` is not retryable: it is the model's (deterministic)
 * answer — a refusal, a tool call, or reasoning that used up `max_tokens`.
 */
export function parseCompletion(
  text: string,
  apiKey?: string,
  reading: AnswerReading = PLAIN,
): ParsedCompletion {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badResponse(
      `the model endpoint answered with a body that is not JSON: ${snippet(text, apiKey)}`,
      true,
    );
  }
  if (!isRecord(json)) throw badResponse("the model endpoint answered with a non-object", true);

  const choices = json.choices;
  const choice = Array.isArray(choices) ? choices[0] : undefined;
  if (!isRecord(choice)) {
    const detail = errorDetail(json, apiKey);
    throw badResponse(
      detail
        ? `the model endpoint answered without choices: ${detail}`
        : "the model endpoint answered without choices",
      true,
      detail,
    );
  }

  const finishReason = typeof choice.finish_reason === "string" ? choice.finish_reason : null;
  const message = isRecord(choice.message) ? choice.message : undefined;
  const tokens = readUsage(json.usage, reading);

  const raw = message?.content;
  let content: string;
  if (typeof raw === "string") {
    content = raw;
  } else if (Array.isArray(raw)) {
    // Some compatible servers answer with content parts; keep the text ones.
    content = raw
      .map((part) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
      .join("");
  } else if (raw === null || raw === undefined) {
    content = "";
    if (finishReason !== "length")
      throw badResponse(
        `the model returned no content (finish_reason: ${finishReason ?? "none"})`,
        false,
      );
  } else {
    throw badResponse("the model endpoint answered with a malformed message", true);
  }

  const answer = separateReasoning(message, content, reading);
  // Cut at the limit before a word of the answer: the budget went to reasoning (or the limit is
  // tiny). An error that says so, never an empty answer scored as wrong.
  if (finishReason === "length" && answer.content.trim() === "")
    throw badResponse(
      tokens.reasoningTokens > 0 || answer.reasoning !== null
        ? `the model spent its whole token limit reasoning${tokens.reasoningTokens > 0 ? ` (${tokens.reasoningTokens} reasoning tokens)` : ""} and gave no answer: raise max_tokens or lower reasoning_effort`
        : "the model reached its token limit before giving any answer: raise max_tokens",
      false,
    );

  return {
    // A model can answer a NUL (PostgreSQL cannot store it) or a lone surrogate.
    content: toStorableText(answer.content),
    reasoning: answer.reasoning === null ? null : toStorableText(answer.reasoning),
    finishReason,
    ...tokens,
  };
}

/** Token counts; reasoning tokens are part of the completion tokens, as providers bill them. */
function readUsage(value: unknown, reading: AnswerReading) {
  const usage = isRecord(value) ? value : undefined;
  const details = isRecord(usage?.completion_tokens_details)
    ? usage.completion_tokens_details
    : undefined;
  const promptTokens = tokenCount(usage?.prompt_tokens);
  let completionTokens = tokenCount(usage?.completion_tokens);
  let reasoningTokens = tokenCount(details?.reasoning_tokens);
  if (reading.usageOmitsThinking && reasoningTokens === 0) {
    const hidden = tokenCount(usage?.total_tokens) - promptTokens - completionTokens;
    if (hidden > 0) {
      reasoningTokens = hidden;
      completionTokens += hidden;
    }
  }
  return { promptTokens, completionTokens, reasoningTokens };
}

/** The answer apart from the reasoning its family returns beside it or writes into it. */
function separateReasoning(
  message: Record<string, unknown> | undefined,
  content: string,
  reading: AnswerReading,
): { content: string; reasoning: string | null } {
  let reasoning: string | null = null;
  for (const field of reading.reasoningFields) {
    const value = message?.[field];
    if (typeof value === "string" && value !== "") {
      reasoning = value;
      break;
    }
  }
  if (!reading.thinkTags) return { content, reasoning };
  const split = splitThinking(content);
  if (split.thinking === null) return { content, reasoning };
  return {
    content: split.answer,
    reasoning: reasoning === null ? split.thinking : `${reasoning}\n\n${split.thinking}`,
  };
}

/**
 * The upstream's explanation from an error body: `error.message` (OpenAI shape), `error` when a
 * string, `message`, `detail`; else the raw text. Whitespace collapsed, cut to
 * MAX_DETAIL_CHARS, and the API key blanked should a hostile server echo it.
 */
export function errorDetail(body: unknown, apiKey?: string): string | undefined {
  let json = body;
  if (typeof body === "string") {
    try {
      json = JSON.parse(body);
    } catch {
      return body.trim() === "" ? undefined : snippet(body, apiKey);
    }
  }
  if (isRecord(json)) {
    const error = json.error;
    const candidates = [
      isRecord(error) ? error.message : error,
      json.message,
      typeof json.detail === "string" ? json.detail : undefined,
    ];
    for (const candidate of candidates) {
      if (typeof candidate === "string" && candidate.trim() !== "") {
        return snippet(candidate, apiKey);
      }
    }
  }
  return typeof body === "string" && body.trim() !== "" ? snippet(body, apiKey) : undefined;
}

export function snippet(text: string, apiKey?: string): string {
  let value = text.replace(/\s+/g, " ").trim();
  if (apiKey) value = value.replaceAll(apiKey, "[redacted]");
  return value.length > MAX_DETAIL_CHARS ? `${value.slice(0, MAX_DETAIL_CHARS)}…` : value;
}

function badResponse(message: string, retryable: boolean, detail?: string): ModelCallError {
  return new ModelCallError("bad_response", message, { retryable, detail });
}

function tokenCount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
