import type { JudgeMessage } from "../../scorers/index.ts";
import {
  DEFAULT_CONTEXT_TOKENS,
  type JudgeModelLimits,
  MIN_TRACE_TOKENS,
  traceTokenBudget,
} from "./context-budget.ts";
import { buildTraceJudgeMessages, escapeReservedMarkers } from "./judge-messages.ts";
import { countMessageTokens, countTokens, fitsInTokens, headTokens, tailTokens } from "./tokens.ts";
import { TraceJudgingError } from "./trace-judging-error.ts";

export interface FittedPrompt {
  messages: JudgeMessage[];
  /** The middle of the trace was cut to fit. */
  truncated: boolean;
  /** Characters of the (escaped) trace left out. */
  omittedChars: number;
  /** Prompt tokens of `messages` (o200k_base count). */
  promptTokens: number;
}

/**
 * More characters than any ordinary text packs into one token. A half of the trace longer than
 * its token share times this is sliced by characters before it is tokenized, so a 50 MB trace
 * never goes through the tokenizer whole.
 */
const MAX_CHARS_PER_TOKEN = 12;

/** The note in place of the cut; its size is bounded by the largest count it can show. */
const omissionNote = (chars: number) =>
  `\n\n[… ${chars} characters of the trace omitted here to fit the judge model's context …]\n\n`;

/**
 * The judge prompt for one rendered trace: escaped (judge-messages.ts) and, when it does not fit
 * the judge model's context (context-budget.ts), cut in the middle. Half the budget goes to the
 * trace's beginning (the task, the input) and half to its end (the final answer), with a note
 * between them saying how much is missing. The cut is announced to the judge and reported as
 * `truncated`.
 */
export function fitTracePrompt(input: {
  goal: string;
  renderedTrace: string;
  nonce: string;
  limits: JudgeModelLimits;
}): FittedPrompt {
  const escaped = escapeReservedMarkers(input.renderedTrace);
  // The prompt without the trace, in its longer form (the one that announces a cut).
  const overhead = countMessageTokens(
    buildTraceJudgeMessages({ goal: input.goal, trace: "", nonce: input.nonce, truncated: true }),
  );
  const budget = traceTokenBudget(input.limits, overhead);
  if (budget < MIN_TRACE_TOKENS) {
    const context = input.limits.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    throw new TraceJudgingError(
      `the judge model's context (${context} tokens) leaves no room for a trace after the ` +
        `evaluation goal and instructions (${overhead} tokens) and the answer ` +
        `(${input.limits.maxOutputTokens} tokens): choose a judge model with a larger context or ` +
        "shorten the goal",
    );
  }

  const fits = escaped.length <= budget * MAX_CHARS_PER_TOKEN && fitsInTokens(escaped, budget);
  let trace = escaped;
  let omittedChars = 0;
  if (!fits) {
    const share = Math.floor((budget - countTokens(omissionNote(escaped.length))) / 2);
    const sliceChars = share * MAX_CHARS_PER_TOKEN;
    const head = headTokens(escaped.slice(0, pairSafe(escaped, sliceChars)), share);
    const tailStart = pairSafe(escaped, Math.max(0, escaped.length - sliceChars));
    const tail = tailTokens(escaped.slice(tailStart), share);
    // Head and tail can only meet on pathological text (thousands of characters per token).
    if (head.length + tail.length < escaped.length) {
      omittedChars = escaped.length - head.length - tail.length;
      trace = `${head}${omissionNote(omittedChars)}${tail}`;
    }
  }
  const truncated = omittedChars > 0;
  const messages = buildTraceJudgeMessages({
    goal: input.goal,
    trace,
    nonce: input.nonce,
    truncated,
  });
  return { messages, truncated, omittedChars, promptTokens: countMessageTokens(messages) };
}

/** `index`, moved past the second half of a surrogate pair so a slice there splits no character. */
function pairSafe(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}
