import { createRequire } from "node:module";
import type { JudgeMessage } from "../../scorers/index.ts";

type O200k = typeof import("gpt-tokenizer/encoding/o200k_base");
const require = createRequire(import.meta.url);
let loaded: O200k | undefined;

/**
 * The encoding's tables take ~70 MB once loaded, so they load on first use: a process that never
 * judges a trace or estimates a cost (most API processes, every evaluation worker) never pays it.
 */
function o200k(): O200k {
  loaded ??= require("gpt-tokenizer/encoding/o200k_base") as O200k;
  return loaded;
}

/**
 * Token counts with OpenAI's o200k_base encoding (gpt-tokenizer). It is exact for OpenAI's current
 * models and an approximation for every other model: other tokenizers split the same text into
 * somewhat more or fewer tokens, which the context budget (context-budget.ts) leaves room for.
 *
 * Text is tokenized in chunks of whole words. BPE is quadratic in the length of one unbroken run
 * (50,000 letters without a space take seconds), and traces may hold such runs (base64 blobs,
 * separator lines), so runs are also broken every RUN characters. Each break costs at most one
 * token of accuracy; decoding the chunks' tokens still gives back the exact text.
 */

/** Trace text is data: `<|endoftext|>` in it is characters, never a special token (nor a throw). */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

const RUN = 200;
const CHUNK = 2_000;
const PIECES = new RegExp(`\\s{1,${RUN}}|\\S{1,${RUN}}`, "gu");

/** What a chat format adds per message (role and separators) and once per request. */
const TOKENS_PER_MESSAGE = 4;
const TOKENS_PER_REQUEST = 3;

/**
 * `text` as consecutive chunks of at most about CHUNK characters, split before whitespace. Lazy,
 * so a caller that stops early (fitsInTokens, headTokens) never scans the rest.
 */
function* chunksOf(text: string): Generator<string> {
  let current = "";
  for (const [piece] of text.matchAll(PIECES)) {
    if (current.length + piece.length > CHUNK && /^\s/.test(piece)) {
      yield current;
      current = "";
    }
    current += piece;
    // A chunk of one unbroken run of pieces: broken anyway, bounded by CHUNK + RUN.
    if (current.length >= CHUNK + RUN) {
      yield current;
      current = "";
    }
  }
  if (current !== "") yield current;
}

const tokensOf = (chunk: string) => o200k().encode(chunk, AS_TEXT);

export function countTokens(text: string): number {
  let total = 0;
  for (const chunk of chunksOf(text)) total += tokensOf(chunk).length;
  return total;
}

/** Whether `text` has at most `limit` tokens; stops counting once over, so long texts are cheap. */
export function fitsInTokens(text: string, limit: number): boolean {
  let total = 0;
  for (const chunk of chunksOf(text)) {
    total += tokensOf(chunk).length;
    if (total > limit) return false;
  }
  return true;
}

/** The prompt tokens a chat request of these messages costs, as OpenAI counts them. */
export function countMessageTokens(messages: readonly Pick<JudgeMessage, "content">[]): number {
  let total = TOKENS_PER_REQUEST;
  for (const m of messages) total += TOKENS_PER_MESSAGE + countTokens(m.content);
  return total;
}

/** The beginning of `text`, at most `maxTokens` tokens of it; tokenizes only what it keeps. */
export function headTokens(text: string, maxTokens: number): string {
  let kept = "";
  let left = maxTokens;
  for (const chunk of chunksOf(text)) {
    if (left <= 0) break;
    const tokens = tokensOf(chunk);
    if (tokens.length <= left) {
      kept += chunk;
      left -= tokens.length;
    } else {
      // A cut may split a character encoded over several tokens: drop the broken half.
      kept += o200k()
        .decode(tokens.slice(0, left))
        .replace(/\uFFFD+$/, "");
      break;
    }
  }
  return kept;
}

/** The end of `text`, at most `maxTokens` tokens of it; tokenizes only what it keeps. */
export function tailTokens(text: string, maxTokens: number): string {
  const chunks = [...chunksOf(text)];
  const kept: string[] = [];
  let left = maxTokens;
  for (let i = chunks.length - 1; i >= 0 && left > 0; i--) {
    const chunk = chunks[i] as string;
    const tokens = tokensOf(chunk);
    if (tokens.length <= left) {
      kept.push(chunk);
      left -= tokens.length;
    } else {
      kept.push(
        o200k()
          .decode(tokens.slice(tokens.length - left))
          .replace(/^\uFFFD+/, ""),
      );
      break;
    }
  }
  return kept.reverse().join("");
}
