import { Worker } from "node:worker_threads";
import { type TaskReply, THREAD_EXEC_ARGV } from "./thread-pool.ts";

export interface BoundedThreadOptions {
  /** The thread's module: it reads its workerData and posts one TaskReply. */
  entry: URL;
  data: unknown;
  /** Moved into the thread rather than copied (the caller loses them). */
  transfer?: ArrayBuffer[];
  /** Most memory the thread may hold: its V8 heap in use plus its ArrayBuffers. */
  maxMemoryBytes: number;
  timeoutMs: number;
}

/** The thread went past one of its bounds and was stopped. */
export class ThreadLimitError extends Error {
  override name = "ThreadLimitError";
  readonly limit: "memory" | "time";

  constructor(limit: "memory" | "time") {
    super(`the thread went past its ${limit} limit and was stopped`);
    this.limit = limit;
  }
}

/** How often the thread's memory is looked at. */
const MEMORY_CHECK_MS = 50;
const MB = 1024 * 1024;

/**
 * Runs one task on a thread of its own, stopped when it holds more than `maxMemoryBytes` or runs
 * longer than `timeoutMs`. For work on untrusted input whose cost the input decides, such as a
 * compressed stream that expands without end: V8's heap limit alone would not catch it, since
 * decoded bytes live in ArrayBuffers outside the heap, and the thread's
 * `getHeapStatistics().external_memory` counts them. Stopping the thread frees all of it.
 */
export function runBoundedThread(options: BoundedThreadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.entry, {
      workerData: options.data,
      transferList: options.transfer,
      execArgv: THREAD_EXEC_ARGV,
      resourceLimits: {
        maxOldGenerationSizeMb: Math.ceil(options.maxMemoryBytes / MB),
        maxYoungGenerationSizeMb: 16,
      },
    });
    let settled = false;
    const finish = (error: Error | undefined, value?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      void worker.terminate();
      if (error) reject(error);
      else resolve(value);
    };
    const timer = setTimeout(() => finish(new ThreadLimitError("time")), options.timeoutMs);
    const watch = setInterval(() => {
      worker.getHeapStatistics().then(
        (heap) => {
          if (heap.used_heap_size + heap.external_memory > options.maxMemoryBytes)
            finish(new ThreadLimitError("memory"));
        },
        () => {}, // The thread has just ended: its exit or message settles the promise.
      );
    }, MEMORY_CHECK_MS);
    worker.on("message", (reply: TaskReply) =>
      reply.ok ? finish(undefined, reply.value) : finish(new Error(reply.message)),
    );
    worker.on("error", (error: Error & { code?: string }) =>
      finish(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new ThreadLimitError("memory") : error),
    );
    worker.on("exit", (code) => finish(new Error(`the thread stopped (exit code ${code})`)));
  });
}
