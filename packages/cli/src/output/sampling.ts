import type { EvaluationStats, RunRequest } from "@assay/client";
import { thousands } from "./format.ts";

/**
 * How a run asked its model, as `assay eval show` prints it: the sampling options given (the
 * rest were the request profile's defaults), and the exact parameters sent beside `model` and
 * `messages`, so a reader can tell two runs apart or repeat one without the server's source.
 */

type RunOptions = EvaluationStats["options"];

const SAMPLING_FIELDS = ["temperature", "top_p", "seed", "max_tokens", "reasoning_effort"] as const;

/** `temperature 0.7 · seed 42`, or that none was asked. */
export function samplingText(options: RunOptions): string {
  const asked = SAMPLING_FIELDS.flatMap((field) => {
    const value = options[field];
    return value === null || value === undefined ? [] : [`${field} ${value}`];
  });
  return asked.length > 0 ? asked.join(" · ") : "none asked (the model's defaults)";
}

/** `openai-gpt-5 · max_completion_tokens 25000 · reasoning_effort low`: the wire's own names and values. */
export function requestText(request: RunRequest | null | undefined): string {
  if (request === null || request === undefined)
    return "not recorded (a run older than the record)";
  const parameters = Object.entries(request.parameters).map(
    ([name, value]) => `${name} ${parameterValue(value)}`,
  );
  return [request.profile, ...(parameters.length > 0 ? parameters : ["no parameters"])].join(" · ");
}

/** Strings and numbers as they are (25000, not 25,000: the exact value sent); the rest as JSON. */
function parameterValue(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value) ?? String(value);
}

/**
 * `1,200 (prompt 200, completion 1,000, of which reasoning 640)`; the reasoning part only when
 * the model spent any, as most models do not reason.
 */
export function tokensText(tokens: {
  prompt: number;
  completion: number;
  reasoning: number;
  total?: number;
}): string {
  const total = tokens.total ?? tokens.prompt + tokens.completion;
  const reasoning =
    tokens.reasoning > 0 ? `, of which reasoning ${thousands(tokens.reasoning)}` : "";
  return `${thousands(total)} (prompt ${thousands(tokens.prompt)}, completion ${thousands(tokens.completion)}${reasoning})`;
}
