/** A HumanEval problem as the authors' HumanEval.jsonl.gz has it (openai/human-eval). */
export interface HumanevalProblem {
  task_id: string;
  prompt: string;
  entry_point: string;
  canonical_solution: string;
  test: string;
}

/**
 * The program that decides whether `completion` solves `problem`, assembled as the authors'
 * check_correctness does (human_eval/execution.py): the prompt (signature and docstring), the
 * completion (the function's body), the test module and `check(<entry point>)`. It passes when
 * it exits 0; a failed assertion or any exception fails it.
 */
export function humanevalProgram(problem: HumanevalProblem, completion: string): string {
  return `${problem.prompt}${completion}\n${problem.test}\ncheck(${problem.entry_point})`;
}
