import { describe, expect, it } from "vitest";
import { openSandbox, SandboxUnavailableError } from "../../src/engine/sandbox/sandbox.ts";

describe("the code sandbox", () => {
  it("is refused, saying what is missing, when bubblewrap cannot run", async () => {
    const opening = openSandbox({ bubblewrap: { bwrap: "/nonexistent/bwrap" } });
    await expect(opening).rejects.toBeInstanceOf(SandboxUnavailableError);
    await expect(opening).rejects.toThrow(/bubblewrap \(Debian package `bubblewrap`\)/);
  });

  it("runs at most `concurrency` executions at once, the others queued", async () => {
    const sandbox = await openSandbox({ concurrency: 2 });
    const program = "import time\nprint(time.time())\ntime.sleep(0.4)\nprint(time.time())";
    const runs = await Promise.all(Array.from({ length: 5 }, () => sandbox.run(program)));
    const spans = runs.map((r) => r.stdout.trim().split("\n").map(Number) as [number, number]);
    for (const [start] of spans) {
      const running = spans.filter(([s, e]) => s <= start && start < e).length;
      expect(running).toBeLessThanOrEqual(2);
    }
    expect(runs.every((r) => r.exit === "passed")).toBe(true);
  });
});
