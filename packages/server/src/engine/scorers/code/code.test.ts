import { describe, expect, it } from "vitest";
import { extractCode } from "./extract-code.ts";
import { pythonTestsProgram } from "./python-tests.ts";

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
