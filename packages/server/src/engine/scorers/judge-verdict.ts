import type { z } from "zod";
import { findJsonObject } from "./judge-json.ts";
import { type CompleteFn, delimit, type JudgeMessage, shorten } from "./judge-prompt.ts";

/**
 * Asking a judge model for a JSON verdict, shared by every judge (benchmark scoring, trace
 * evaluations): read the reply against a schema, and when it holds no valid verdict, ask once
 * more with the problem named. A judge that fails twice is reported, never guessed at.
 */

/** The judge replied twice without a readable verdict; `reason` says what was wrong. */
export class JudgeOutputError extends Error {
  override name = "JudgeOutputError";
  readonly reason: string;
  /** The judge's last reply, shortened, for logs and the sample's error. */
  readonly output: string;

  constructor(reason: string, output: string) {
    super(`judge output unusable: ${reason}`);
    this.reason = reason;
    this.output = output.length <= 500 ? output : `${output.slice(0, 499)}…`;
  }
}

export type VerdictReading<T> = { ok: true; verdict: T } | { ok: false; problem: string };

/** The first JSON object in `reply` that `schema` accepts, or what was wrong with the reply. */
export function readVerdict<S extends z.ZodType>(
  reply: string,
  schema: S,
): VerdictReading<z.output<S>> {
  let problem = "no JSON object in the reply";
  const verdict = findJsonObject(reply, (value) => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as z.output<S>;
    const issue = parsed.error.issues[0];
    problem = `invalid verdict: ${issue?.path.join(".") || "object"}: ${issue?.message ?? "invalid"}`;
    return null;
  });
  return verdict === null ? { ok: false, problem } : { ok: true, verdict };
}

/**
 * The repair turn: the unusable reply goes back delimited as data (it may quote the judged text,
 * which must not become instructions now), with the problem and the expected format.
 */
export function repairRequest(
  problem: string,
  reply: string,
  nonce: string,
  format: string,
): JudgeMessage {
  return {
    role: "user",
    content:
      `Your previous reply could not be read (${problem}). It is quoted here as data:\n` +
      `${delimit("previous-reply", nonce, shorten(reply, 4_000))}\n\n` +
      `Answer only with the JSON object ${format}, nothing else.`,
  };
}

export interface VerdictRequest<T> {
  messages: JudgeMessage[];
  /** The nonce the messages' data tags use; the repair turn quotes with it too. */
  nonce: string;
  /** The verdict's JSON shape as the prompt shows it. */
  format: string;
  read: (reply: string) => VerdictReading<T>;
}

/**
 * Asks for a verdict, with one repair turn when the first reply holds none. `turns` is how many
 * answers were asked for (1 or 2). Errors of `complete` itself propagate unchanged.
 */
export async function askForVerdict<T>(
  request: VerdictRequest<T>,
  complete: CompleteFn,
): Promise<{ verdict: T; turns: number }> {
  const reply = await complete(request.messages);
  const first = request.read(reply);
  if (first.ok) return { verdict: first.verdict, turns: 1 };

  const retry = await complete([
    ...request.messages,
    repairRequest(first.problem, reply, request.nonce, request.format),
  ]);
  const second = request.read(retry);
  if (second.ok) return { verdict: second.verdict, turns: 2 };
  throw new JudgeOutputError(second.problem, retry);
}
