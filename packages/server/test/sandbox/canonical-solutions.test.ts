import { createHash } from "node:crypto";
import { join } from "node:path";
import { fixtureDefinition } from "@assay/test-kit/fixture-definition.ts";
import { humanevalCases } from "@assay/test-kit/humaneval-problems.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { mbpp, readBenchmarkFile } from "../../src/catalog/benchmarks/index.ts";
import { readRawRecords } from "../../src/catalog/benchmarks/raw-records.ts";
import { openSandbox, type Sandbox } from "../../src/engine/sandbox/sandbox.ts";
import { pythonTests } from "../../src/engine/scorers/code/python-tests.ts";

/**
 * The honest side of the sandbox: the benchmarks' own solutions, given as a model's answer to
 * the built-in benchmark's prompt and scored by the scorer a run uses, pass; the same broken fail.
 * HumanEval: all 164 problems from the authors' own file (support/humaneval-problems.ts). MBPP:
 * the sanitized problems of the fixture in the canonical format (the real file cannot be fetched
 * here: see docs/benchmarks.md).
 */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await openSandbox({ limits: { wallMs: 30_000 } });
});

/** Scores `answer` for `prompt`; the reason when it did not pass, else null. */
async function failure(prompt: { input: string; truth: string }, answer: string) {
  const result = await pythonTests(
    { response: answer, truth: prompt.truth, prompt: prompt.input },
    sandbox,
  );
  return result.passed ? null : result.reason;
}

describe("HumanEval's own solutions, through the humaneval benchmark's scoring", () => {
  const problems = humanevalCases;

  it("pass, all 164 of them", async () => {
    const all = problems();
    expect(all).toHaveLength(164);
    const failed = await Promise.all(
      all.map(async ({ problem, prompt }) => ({
        task: problem.task_id,
        why: await failure(prompt, problem.canonical_solution),
      })),
    );
    expect(failed.filter((f) => f.why !== null)).toEqual([]);
  }, 120_000);

  it("fail when broken: an answer of None, and a body that raises", async () => {
    const sample = problems().filter((_, i) => i % 8 === 0);
    const verdicts = await Promise.all(
      sample.flatMap(({ prompt }) => [
        failure(prompt, "    return None\n"),
        failure(prompt, "```python\n    raise ValueError('no idea')\n```"),
      ]),
    );
    expect(verdicts.filter((why) => why === null)).toEqual([]);
  }, 120_000);
});

describe("MBPP's own solutions, through the mbpp benchmark's scoring", () => {
  const file = join(import.meta.dirname, "../fixtures/benchmarks/mbpp", mbpp.source.filename);

  /** Each sanitized problem's prompt and its authors' code, from the canonical-format file. */
  async function problems() {
    const loaded = await readBenchmarkFile(fixtureDefinition(mbpp, 3), file);
    const codes: string[] = [];
    for await (const raw of readRawRecords(file, mbpp.source, createHash("sha256")))
      codes.push(mbpp.recordSchema.parse(raw.value).code);
    return loaded.prompts.map((prompt, i) => ({ prompt, code: codes[i]! }));
  }

  it("pass, every problem of the file", async () => {
    const failed = await Promise.all(
      (await problems()).map(async ({ prompt, code }) => ({
        id: prompt.id,
        why: await failure(prompt, `\`\`\`python\n${code}\n\`\`\``),
      })),
    );
    expect(failed.filter((f) => f.why !== null)).toEqual([]);
  }, 60_000);

  it("fail when broken, naming the assertion that failed", async () => {
    for (const { prompt, code } of await problems()) {
      const name = /def (\w+)/.exec(code)![1]!;
      const why = await failure(prompt, `def ${name}(*args):\n    return None\n`);
      expect(why, prompt.id).toMatch(/^the tests failed: \w+Error.* \(line \d+: assert /);
    }
  }, 60_000);
});
