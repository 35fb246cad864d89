import { beforeAll, describe, expect, it } from "vitest";
import { openSandbox, type Sandbox } from "../../src/engine/sandbox/sandbox.ts";
import {
  type HumanevalProblem,
  humanevalProgram,
} from "../../src/engine/scorers/code/humaneval-program.ts";
import { humanevalProblems } from "../support/humaneval-problems.ts";

/**
 * The honest side of the sandbox: all 164 HumanEval problems, from the authors' own file
 * (support/humaneval-problems.ts), run as the authors' check_correctness assembles them. Every
 * canonical solution passes; the same solutions broken fail.
 */
let sandbox: Sandbox;
let problems: HumanevalProblem[];
beforeAll(async () => {
  problems = humanevalProblems();
  sandbox = await openSandbox({ limits: { wallMs: 30_000 } });
});

describe("HumanEval's own solutions in the sandbox", () => {
  it("pass, all 164 of them", async () => {
    expect(problems).toHaveLength(164);
    const runs = await Promise.all(
      problems.map((p) => sandbox.run(humanevalProgram(p, p.canonical_solution))),
    );
    const failed = runs.flatMap((run, i) =>
      run.exit === "passed"
        ? []
        : [{ task: problems[i]!.task_id, exit: run.exit, stderr: run.stderr }],
    );
    expect(failed).toEqual([]);
  }, 120_000);

  it("fail when broken: an answer of None, and a body that raises", async () => {
    const sample = problems.filter((_, i) => i % 8 === 0);
    const broken = await Promise.all(
      sample.flatMap((p) => [
        sandbox.run(humanevalProgram(p, "    return None\n")),
        sandbox.run(humanevalProgram(p, "    raise ValueError('no idea')\n")),
      ]),
    );
    expect(broken.filter((run) => run.exit !== "failed")).toEqual([]);
  }, 120_000);
});
