import { describe, expect, it } from "vitest";
import type { Sandbox } from "../../sandbox/sandbox.ts";
import type { SandboxRun } from "../../sandbox/sandbox-limits.ts";
import { extractCode } from "./extract-code.ts";
import { pythonTests, pythonTestsProgram } from "./python-tests.ts";
import { MAX_EXECUTION_OUTPUT, recordExecution } from "./record-execution.ts";

describe("extractCode", () => {
  it("takes the first Python-labelled block, then the first unlabelled one, else the answer", () => {
    expect(extractCode("x\n```text\nno\n```\n```Python \r\ndef f():\r\n    pass\r\n```")).toBe(
      "def f():\n    pass\n",
    );
    expect(extractCode("```py\na = 1\n```\n```python\nb = 2\n```")).toBe("a = 1\n");
    expect(extractCode("```\na = 1\n```\n```\nb = 2\n```")).toBe("a = 1\n");
    expect(extractCode("```js\nlet a\n```")).toBe("```js\nlet a\n```");
    expect(extractCode("    return a + b\n")).toBe("    return a + b\n");
  });
});

describe("pythonTestsProgram", () => {
  it("runs plain tests after the code", () => {
    expect(pythonTestsProgram("def f(): return 1", "assert f() == 1")).toBe(
      "def f(): return 1\n\nassert f() == 1\n",
    );
  });

  it("puts a structured truth's prefix first (a prompt the answer continues)", () => {
    const truth = JSON.stringify({ prefix: "def f():\n", tests: "assert f() == 1" });
    expect(pythonTestsProgram("    return 1", truth)).toBe(
      "def f():\n    return 1\nassert f() == 1\n",
    );
  });

  it("reads a truth that only looks like JSON as tests", () => {
    expect(pythonTestsProgram("x = {}", "{1: 2} == {1: 2}")).toBe("x = {}\n\n{1: 2} == {1: 2}\n");
  });
});

/** A sandbox that answers `run` with this, whatever the program. */
function scripted(run: Partial<SandboxRun>): Sandbox {
  const answer = {
    exit: "passed",
    exitCode: 0,
    signal: null,
    stdout: "",
    stderr: "",
    durationMs: 0,
  };
  return { run: async () => ({ ...answer, ...run }) as SandboxRun };
}

describe("pythonTests", () => {
  const input = {
    response: "```python\ndef f(): return 2\n```",
    truth: "assert f() == 1",
    prompt: "",
  };

  it("keeps the run with its result: exit, stdout, stderr and duration", async () => {
    const frame = '  File "<stdin>", line 4, in <module>';
    const traceback = `Traceback (most recent call last):\n${frame}\nAssertionError`;
    const result = await pythonTests(
      input,
      scripted({
        exit: "failed",
        exitCode: 1,
        stdout: "debug 2\n",
        stderr: `${traceback}\n`,
        durationMs: 41.6,
      }),
    );
    expect(result).toMatchObject({
      passed: false,
      reason: "the tests failed: AssertionError (line 4: assert f() == 1)",
    });
    expect(result.execution).toEqual({
      exit: "failed",
      stdout: "debug 2\n",
      // The frame's source line (the program is read from stdin: Python prints none).
      stderr: `Traceback (most recent call last):\n${frame}\n    assert f() == 1\nAssertionError\n`,
      duration_ms: 42,
    });
  });

  it("says why a run was stopped", async () => {
    const result = await pythonTests(input, scripted({ exit: "timeout", signal: "SIGKILL" }));
    expect(result.execution).toEqual({ exit: "timeout", stdout: "", stderr: "", duration_ms: 0 });
  });
});

describe("recordExecution", () => {
  const run = (stdout: string, stderr: string): SandboxRun => ({
    exit: "output_limit",
    exitCode: null,
    signal: "SIGKILL",
    stdout,
    stderr,
    durationMs: 3,
  });

  it("keeps each stream's end, after a leading ellipsis, past the bound", () => {
    const long = `${"x".repeat(10_000)}\nAssertionError: the last line`;
    const kept = recordExecution(run(long, long), "");
    for (const stream of [kept.stdout, kept.stderr]) {
      expect(stream).toHaveLength(MAX_EXECUTION_OUTPUT);
      expect(stream.startsWith("…x")).toBe(true);
      expect(stream.endsWith("\nAssertionError: the last line")).toBe(true);
    }
    const exact = "y".repeat(MAX_EXECUTION_OUTPUT);
    expect(recordExecution(run(exact, ""), "").stdout).toBe(exact);
  });

  it("never starts on half of a surrogate pair", () => {
    const emoji = "😀".repeat(MAX_EXECUTION_OUTPUT);
    const { stderr } = recordExecution(run("", emoji), "");
    expect(stderr.startsWith("…😀")).toBe(true);
    expect(stderr.isWellFormed()).toBe(true);
  });
});

describe("recordExecution's traceback", () => {
  const failed = (stderr: string): SandboxRun => ({
    exit: "failed",
    exitCode: 1,
    signal: null,
    stdout: "",
    stderr,
    durationMs: 1,
  });
  const program = "def check():\n    assert add(2, 3) == 5\ncheck()\n";

  it("gives each frame of the program its source line, as Python does for a file", () => {
    const stderr = [
      "Traceback (most recent call last):",
      '  File "<stdin>", line 3, in <module>',
      '  File "<stdin>", line 2, in check',
      '  File "/usr/lib/python3.11/x.py", line 9, in y',
      '  File "<stdin>", line 99, in gone',
      "AssertionError",
    ].join("\n");
    expect(recordExecution(failed(stderr), program).stderr.split("\n")).toEqual([
      "Traceback (most recent call last):",
      '  File "<stdin>", line 3, in <module>',
      "    check()",
      '  File "<stdin>", line 2, in check',
      "    assert add(2, 3) == 5",
      '  File "/usr/lib/python3.11/x.py", line 9, in y',
      '  File "<stdin>", line 99, in gone',
      "AssertionError",
    ]);
  });

  it("leaves a SyntaxError, which prints its own line, as it is", () => {
    const stderr =
      '  File "<stdin>", line 1\n    def f(:\n          ^\nSyntaxError: invalid syntax';
    expect(recordExecution(failed(stderr), "def f(:\n").stderr).toBe(stderr);
  });
});
