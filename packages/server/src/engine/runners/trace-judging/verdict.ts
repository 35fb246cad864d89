import { z } from "zod";
import { readVerdict, type VerdictReading } from "../../scorers/index.ts";

/**
 * The verdict a trace judge must give. Read strictly: every field present, `score` a number in
 * [0, 1] (never clamped: a judge that answers 7 misread the scale), `passed` a real boolean.
 * Anything else gets the repair turn, then fails the evaluation as `judge_bad_output`.
 */
export const TraceVerdictSchema = z.object({
  reasoning: z.string().trim().min(1, "must explain the verdict"),
  score: z.number().min(0).max(1),
  passed: z.boolean(),
});
export type TraceVerdict = z.infer<typeof TraceVerdictSchema>;

/**
 * The format the prompt asks for. Reasoning comes first: a model that writes its reasons before
 * its score grounds the score in them (and structured output keeps this key order).
 */
export const TRACE_VERDICT_FORMAT =
  '{"reasoning": "<why, in a few sentences>", "score": <number from 0 to 1>, "passed": <true or false>}';

/** The longest reasoning stored; a judge that writes an essay is cut, not refused. */
export const MAX_REASONING_CHARS = 4_000;

export function readTraceVerdict(reply: string): VerdictReading<TraceVerdict> {
  const reading = readVerdict(reply, TraceVerdictSchema);
  if (!reading.ok) return reading;
  const { reasoning } = reading.verdict;
  return {
    ok: true,
    verdict: {
      ...reading.verdict,
      reasoning:
        reasoning.length <= MAX_REASONING_CHARS
          ? reasoning
          : `${reasoning.slice(0, MAX_REASONING_CHARS - 1)}…`,
    },
  };
}

/**
 * The same shape as an OpenAI `response_format` JSON schema (structured output). Ranges are not
 * in the schema, because strict mode on some endpoints rejects `minimum`/`maximum`; the prompt
 * states the range and readTraceVerdict checks it.
 */
export const TRACE_VERDICT_RESPONSE_FORMAT = {
  type: "json_schema",
  json_schema: {
    name: "trace_verdict",
    strict: true,
    schema: {
      type: "object",
      properties: {
        reasoning: { type: "string", description: "Why, in a few sentences." },
        score: { type: "number", description: "From 0 (fails the goal) to 1 (fully meets it)." },
        passed: { type: "boolean", description: "Whether the trace meets the goal." },
      },
      required: ["reasoning", "score", "passed"],
      additionalProperties: false,
    },
  },
} as const;
