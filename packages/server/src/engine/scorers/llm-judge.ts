import { z } from "zod";
import {
  type CompleteFn,
  createNonce,
  dataRule,
  delimit,
  type JudgeMessage,
  shorten,
} from "./judge-prompt.ts";
import { askForVerdict, readVerdict } from "./judge-verdict.ts";
import { clipReason, type ScoreInput, type ScoreResult } from "./scorer.ts";
import { stripReasoning } from "./strip-reasoning.ts";

export { JudgeOutputError } from "./judge-verdict.ts";

export type JudgeInput = ScoreInput & {
  instructions?: string | null;
  /**
   * A scorer's rubric (protocol §13.1): what to grade the response by, in place of correctness
   * against the reference. Written by a user of the project, like `instructions`, so it stands
   * outside the data tags; the texts being graded stay inside them.
   */
  rubric?: string | null;
};

/**
 * The verdict a judge must return. The score is not clamped: a judge that answers 7 or -1 has
 * misread the scale, and a clamped 1 would be a confident grade built on that misreading.
 * `passed` may be left out (then score ≥ 0.5 passes); `reason` may be left out.
 */
const VerdictSchema = z.object({
  score: z.number().min(0).max(1),
  passed: z.boolean().optional(),
  reason: z.string().optional(),
});
type Verdict = z.infer<typeof VerdictSchema>;

const VERDICT_FORMAT =
  '{"score": <number from 0 to 1>, "passed": <true or false>, "reason": "<one short sentence>"}';

export function buildJudgeMessages(input: JudgeInput, nonce: string): JudgeMessage[] {
  const rubric = input.rubric?.trim();
  const task = rubric
    ? "You grade a model's response to a benchmark question by the rubric you are given. "
    : "You grade a model's response to a benchmark question against a reference answer. ";
  const system = `${task}${dataRule(nonce)} Reply with only a JSON object: ${VERDICT_FORMAT}.`;
  const instructions = input.instructions?.trim()
    ? `Grading instructions from the benchmark author:\n${input.instructions.trim()}\n\n`
    : "";
  const rule = rubric
    ? `Rubric:\n${rubric}\n\nScore 1 when the candidate response fully meets the rubric, 0 when ` +
      "it does not, and between 0 and 1 only when it partly does. The reference answer is context " +
      "for the rubric, not the criterion. "
    : "Score 1 when the candidate's final answer is correct and agrees with the reference, 0 when " +
      "it is wrong or missing, and between 0 and 1 only for partly correct answers. ";
  const user =
    instructions +
    `Question:\n${delimit("question", nonce, shorten(input.prompt))}\n\n` +
    `Reference answer:\n${delimit("reference", nonce, shorten(input.truth))}\n\n` +
    `Candidate response:\n${delimit("candidate", nonce, shorten(stripReasoning(input.response)))}\n\n` +
    rule +
    `Reply with only the JSON object ${VERDICT_FORMAT}.`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

function toResult(verdict: Verdict): ScoreResult {
  const passed = verdict.passed ?? verdict.score >= 0.5;
  const reason = verdict.reason?.trim() || "judge gave no reason";
  return { score: verdict.score, passed, reason: clipReason(reason), extracted: null };
}

/**
 * Grades a response with a judge model. The question, reference and response are delimited with a
 * per-call nonce (judge-prompt.ts), so a response cannot speak to the judge as its instructions.
 * A reply without a valid verdict gets one repair turn; a second failure throws JudgeOutputError.
 * Errors of `complete` itself (network, rate limits) propagate unchanged: the caller retries those.
 */
export async function judgeScore(input: JudgeInput, complete: CompleteFn): Promise<ScoreResult> {
  const nonce = createNonce();
  const { verdict } = await askForVerdict(
    {
      messages: buildJudgeMessages(input, nonce),
      nonce,
      format: VERDICT_FORMAT,
      read: (reply) => readVerdict(reply, VerdictSchema),
    },
    complete,
  );
  return toResult(verdict);
}
