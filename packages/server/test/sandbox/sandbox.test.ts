import { describe, expect, it } from "vitest";
import {
  openSandbox,
  SandboxUnavailableError,
  stoppedBy,
} from "../../src/engine/sandbox/sandbox.ts";

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

  it("stops on its run's signal: the running execution is killed, the queued never start", async () => {
    const sandbox = await openSandbox({ concurrency: 1 });
    const stop = new AbortController();
    const run = stoppedBy(sandbox, stop.signal);
    const marker = `queued-${crypto.randomUUID()}`;
    const started = performance.now();
    const running = run.run("import time\ntime.sleep(30)");
    const queued = run.run(`print("${marker}")`);
    setTimeout(() => stop.abort(new Error("the run was cancelled")), 300);
    await expect(running).rejects.toThrow("the run was cancelled");
    await expect(queued).rejects.toThrow("the run was cancelled");
    // Killed, not left to its 20 s wall limit (a bound, not a timing: the sleep is 30 s).
    expect(performance.now() - started).toBeLessThan(15_000);
    // The sandbox stays usable for other runs.
    expect((await sandbox.run("print(1)")).exit).toBe("passed");
  });
});
