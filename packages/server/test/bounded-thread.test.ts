import { BOUNDED_THREAD_TASKS } from "@assay/test-kit/entry-points.ts";
import { describe, expect, it } from "vitest";
import { runBoundedThread, ThreadLimitError } from "../src/platform/threads/bounded-thread.ts";

const run = (task: string, bounds = { maxMemoryBytes: 64 * 1024 * 1024, timeoutMs: 10_000 }) =>
  runBoundedThread({
    entry: BOUNDED_THREAD_TASKS,
    data: task,
    ...bounds,
  });

describe("a bounded thread", () => {
  it("answers its task's value, or its failure", async () => {
    await expect(run("echo")).resolves.toBe("done");
    await expect(run("fail")).rejects.toThrow("the task's own failure");
  });

  it("is stopped past its time bound, even in a loop that never yields", async () => {
    const error = await run("spin", { maxMemoryBytes: 64 * 1024 * 1024, timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ThreadLimitError);
    expect(error).toMatchObject({ limit: "time" });
  });

  it("is stopped past its memory bound, counting ArrayBuffers outside V8's heap", async () => {
    const error = await run("allocate").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThreadLimitError);
    expect(error).toMatchObject({ limit: "memory" });
  });
});
