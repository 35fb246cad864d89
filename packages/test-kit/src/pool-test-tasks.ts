// Tasks for thread-pool.test.ts, run on the pool's threads.
import { threadId } from "node:worker_threads";
import { serveTasks } from "@assay/server/src/platform/threads/serve-tasks.ts";

serveTasks({
  echo: async (input: unknown) => input,
  thread: async () => threadId,
  fail: async (input: string) => {
    throw new Error(input);
  },
  /** The thread dies mid-task, as from a memory limit or an exception outside any task. */
  crash: async () => {
    process.exit(3);
  },
  /** Stays running until a SharedArrayBuffer flag is set: holds the thread without timing. */
  hold: async (flag: Int32Array) => {
    await Atomics.waitAsync(flag, 0, 0).value;
    return "released";
  },
});
