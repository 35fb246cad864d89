// The thread for bounded-thread.test.ts: does what its workerData names, then posts a TaskReply.
import { parentPort, workerData } from "node:worker_threads";
import type { TaskReply } from "@assay/server/src/platform/threads/thread-pool.ts";

const held: ArrayBuffer[] = [];
const tasks: Record<string, () => Promise<unknown>> = {
  echo: async () => "done",
  fail: async () => {
    throw new Error("the task's own failure");
  },
  /** Never ends, never yields: only the time bound stops it. */
  spin: async () => {
    for (;;);
  },
  /** ArrayBuffers, outside V8's heap: 8 MB more every few milliseconds. */
  allocate: async () => {
    for (;;) {
      held.push(new Uint8Array(8 * 1024 * 1024).fill(1).buffer);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  },
};

const reply: TaskReply = await (tasks[workerData as string] as () => Promise<unknown>)().then(
  (value) => ({ ok: true, value }),
  (error: Error) => ({ ok: false, message: error.message }),
);
parentPort?.postMessage(reply);
