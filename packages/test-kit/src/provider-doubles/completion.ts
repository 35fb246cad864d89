// How a double "generates": think, then answer, inside the output-token limit of the request,
// and how it counts. Deterministic: the same request gets the same answer and the same usage.
import { isRecord, textOf } from "./request.ts";

/** Token counts are estimates: one token per four characters (about right for English). */
export const CHARS_PER_TOKEN = 4;

export function countTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Prompt tokens: the text of every message, plus a few per message for the chat template. */
export function promptTokens(messages: readonly unknown[]): number {
  let tokens = 0;
  for (const message of messages) {
    tokens += 4 + (isRecord(message) ? countTokens(textOf(message.content)) : 0);
  }
  return Math.max(1, tokens);
}

/**
 * How many tokens a reasoning model thinks when its provider does not cap the thinking. No
 * provider documents an amount (it varies per prompt), so this is the double's choice: 2,048,
 * above the 1,024 tokens Assay's gateway sends as its output limit, because every provider with
 * reasoning models documents that such a limit is too small for them (OpenAI: "reserving at least
 * 25,000 tokens for reasoning and outputs"; DeepSeek's reasoner defaults to 32K; Groq: "Default
 * [1024] may be too low for complex reasoning"; Together: "Set max_tokens to ~30,000" for high
 * effort) and real runs have been reported to spend more than 2,000 thinking tokens on simple
 * requests (googleapis/python-genai#782). Doubles take `thinkingTokens` to change it.
 */
export const DEFAULT_THINKING_TOKENS = 2048;

/**
 * Thinking per reasoning effort where a provider takes an effort but documents no budget for it
 * (OpenAI, Groq, Ollama …): again the double's choice, ordered like the efforts and with the
 * default effort (medium) at DEFAULT_THINKING_TOKENS. Gemini documents budgets; google.ts uses
 * those instead.
 */
export function thinkingForEffort(effort: string | undefined, atDefault: number): number {
  switch (effort) {
    case "none":
      return 0;
    case "minimal":
      return Math.min(64, atDefault);
    case "low":
      return Math.ceil(atDefault / 2);
    case "high":
      return atDefault * 2;
    default:
      return atDefault;
  }
}

export interface Generation {
  /** The answer as returned ("" when thinking used the whole limit). */
  content: string;
  /** The thinking text, for providers that return it. */
  reasoning: string;
  contentTokens: number;
  reasoningTokens: number;
  /** Whether the thinking ended before the limit (false: the limit cut it short). */
  thoughtThrough: boolean;
  /** "length" when the limit cut the thinking or the answer. */
  finishReason: "stop" | "length";
}

/** One sentence of 40 characters (10 tokens): thinking text, repeated as long as needed. */
const THOUGHT = "Work through the question step by step. ";

export function thinkingText(tokens: number): string {
  const length = tokens * CHARS_PER_TOKEN;
  return THOUGHT.repeat(Math.ceil(length / THOUGHT.length)).slice(0, length);
}

/**
 * Thinks `thinkingTokens`, then answers `answer`, all inside `limit` output tokens when the
 * request sets one: thinking comes first and counts against the limit, so a limit smaller than
 * the thinking leaves no answer at all (finish_reason "length") — the trap reasoning models set.
 */
export function generate(
  answer: string,
  options: { thinkingTokens: number; limit: number | undefined },
): Generation {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const reasoningTokens = Math.min(options.thinkingTokens, limit);
  const reasoning = thinkingText(reasoningTokens);
  const thoughtThrough = options.thinkingTokens <= limit;
  const room = limit - reasoningTokens;
  const answerTokens = countTokens(answer);
  if (thoughtThrough && answerTokens <= room) {
    return {
      content: answer,
      reasoning,
      contentTokens: answerTokens,
      reasoningTokens,
      thoughtThrough,
      finishReason: "stop",
    };
  }
  const content = answer.slice(0, Math.max(0, room) * CHARS_PER_TOKEN);
  return {
    content,
    reasoning,
    contentTokens: countTokens(content),
    reasoningTokens,
    thoughtThrough,
    finishReason: "length",
  };
}

/**
 * The thinking inline, as models that think in `<think>` tags write it when the server does not
 * separate it (Together's DeepSeek-R1, Groq's `reasoning_format: "raw"`, llama.cpp without a
 * reasoning parser): `<think>\n…\n</think>\n\n` then the answer; a limit hit while thinking
 * leaves the tag unclosed and no answer.
 */
export function inlineThinking(generation: Generation): string {
  if (generation.reasoningTokens === 0) return generation.content;
  if (!generation.thoughtThrough) return `<think>\n${generation.reasoning}`;
  return `<think>\n${generation.reasoning}\n</think>\n\n${generation.content}`;
}

let nextId = 0;

/**
 * The chat.completion object OpenAI defined and every provider here copies: `id`, `object`,
 * `created`, `model`, one choice with `message.{role,content}` and `finish_reason`, `usage`
 * (openai/openai-openapi openapi.yaml, CreateChatCompletionResponse: required id, choices,
 * created, model, object).
 */
export function chatCompletion(parts: {
  idPrefix?: string;
  model: string;
  message: Record<string, unknown>;
  finishReason: string;
  usage: Record<string, unknown>;
  extra?: Record<string, unknown>;
}): Record<string, unknown> {
  nextId += 1;
  return {
    id: `${parts.idPrefix ?? "chatcmpl-"}double${nextId}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: parts.model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", ...parts.message },
        finish_reason: parts.finishReason,
      },
    ],
    usage: parts.usage,
    ...parts.extra,
  };
}

/** `usage` as OpenAI counts it: completion includes reasoning, total is their sum. */
export function usage(
  prompt: number,
  generation: Generation,
  options: { reasoningDetails: boolean },
): Record<string, unknown> {
  const completion = generation.contentTokens + generation.reasoningTokens;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(options.reasoningDetails
      ? { completion_tokens_details: { reasoning_tokens: generation.reasoningTokens } }
      : {}),
  };
}
