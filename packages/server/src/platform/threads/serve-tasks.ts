import { parentPort } from "node:worker_threads";
import type { TaskReply } from "./thread-pool.ts";

export type TaskHandlers = Record<string, (input: never) => Promise<unknown>>;

/**
 * The thread side of createThreadPool: runs each task the pool posts and posts back its value.
 * A task that throws posts its message; tasks return expected failures (a refused file) as
 * values, since only plain data crosses between threads.
 */
export function serveTasks(handlers: TaskHandlers): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks() runs in a worker thread");
  port.on("message", async ({ task, input }: { task: string; input: unknown }) => {
    let reply: TaskReply;
    try {
      const handler = handlers[task];
      if (!handler) throw new Error(`no task named ${task}`);
      reply = { ok: true, value: await handler(input as never) };
    } catch (error) {
      reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
