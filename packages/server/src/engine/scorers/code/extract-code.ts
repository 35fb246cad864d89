/**
 * The code of a model's answer, as inspect-evals 0.28.0's HumanEval `find_code` takes it: the
 * first fenced block labelled Python (`python` or `py`, any case, spaces after the label, CRLF
 * line ends), else the first unlabelled fenced block, else the whole answer (a completion-style
 * model continues the prompt without fences). Inspect then keeps only what follows the first
 * `:\n    ` of a fenced block (a function's body); Assay keeps the whole block, which the program
 * appends after the prompt: a whole function given back simply redefines the prompt's.
 */
const FENCE = /```([^\n`]*)\r?\n([\s\S]*?)```/g;

export function extractCode(answer: string): string {
  let unlabelled: string | undefined;
  for (const [, label, code] of answer.matchAll(FENCE)) {
    const language = label!.trim().toLowerCase();
    if (language === "python" || language === "py") return normalize(code!);
    if (language === "" && unlabelled === undefined) unlabelled = code!;
  }
  return unlabelled === undefined ? answer : normalize(unlabelled);
}

const normalize = (code: string) => code.replaceAll("\r\n", "\n");
