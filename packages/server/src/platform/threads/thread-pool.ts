import { type ResourceLimits, Worker } from "node:worker_threads";

export interface ThreadPoolOptions {
  /** The threads' module; it calls serveTasks() (serve-tasks.ts). */
  entry: URL;
  /** Given to every thread as its workerData (structured-cloned). */
  data: unknown;
  /** Threads at most, started on demand; each runs one task at a time. */
  size: number;
  /** Tasks that may wait for a thread; past that, run() rejects with ThreadPoolFullError. */
  maxWaiting: number;
  /**
   * A thread whose task ended with none waiting stops after this long, giving its memory back
   * (0: at once); the next task starts another.
   */
  idleMs: number;
  /** How long a thread started by warm() waits for a task before it stops. */
  warmMs: number;
  resourceLimits?: ResourceLimits;
}

/** All threads busy and the waiting line full. `retryAfterSeconds`: when a place is likely free. */
export class ThreadPoolFullError extends Error {
  override name = "ThreadPoolFullError";
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super("every thread is busy and the waiting line is full");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface ThreadPool {
  /** Runs a task on a free thread, after the tasks waiting before it. */
  run(task: string, input: unknown): Promise<unknown>;
  /**
   * A task is expected soon: starts a thread if none runs (or keeps an idle one longer), so that
   * the task does not wait for one to load.
   */
  warm(): void;
  /** Tasks running and waiting. */
  load(): { running: number; waiting: number };
  /** Stops the threads; tasks still running or waiting reject. */
  close(): Promise<void>;
}

interface Pending {
  task: string;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** What a thread posts back for a task (serve-tasks.ts). */
export type TaskReply = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * A thread's node options: the workspace packages resolve to their TypeScript sources, as in the
 * service itself. Nothing else is passed on: V8's heap flags are the process's, resourceLimits
 * the thread's.
 */
export const THREAD_EXEC_ARGV = ["--conditions=@assay/source"];

/** Until the first tasks have been timed, a task is guessed to take this long. */
const FIRST_GUESS_MS = 2000;

/**
 * A few worker threads for CPU-heavy tasks (parsing uploads), so the service's own thread keeps
 * answering requests. Threads start when needed (or when warm() expects a task) and stop after
 * `idleMs` without one; one that crashes (an exception outside a task, a memory limit) fails its
 * task and the next task starts another. Waiting is bounded, so a burst of large uploads costs a
 * 503 with `Retry-After` rather than memory.
 */
export function createThreadPool(options: ThreadPoolOptions): ThreadPool {
  const idle: Worker[] = [];
  const idleTimers = new Map<Worker, NodeJS.Timeout>();
  const busy = new Map<Worker, Pending>();
  const waiting: Pending[] = [];
  let averageMs = FIRST_GUESS_MS;
  let closed = false;

  function start(): Worker {
    const worker = new Worker(options.entry, {
      workerData: options.data,
      execArgv: THREAD_EXEC_ARGV,
      resourceLimits: options.resourceLimits,
    });
    worker.on("error", (error) => retire(worker, error));
    worker.on("exit", (code) =>
      retire(worker, new Error(`the thread stopped (exit code ${code})`)),
    );
    // Idle threads must not keep the process alive; a running task's caller does.
    worker.unref();
    return worker;
  }

  function rest(worker: Worker, ms: number): void {
    idle.push(worker);
    const timer = setTimeout(() => {
      if (take(worker)) void worker.terminate();
    }, ms);
    timer.unref();
    idleTimers.set(worker, timer);
  }

  /** Takes an idle thread (the given one, or the last to rest), or undefined. */
  function take(worker = idle.at(-1)): Worker | undefined {
    const at = worker === undefined ? -1 : idle.indexOf(worker);
    if (at < 0) return undefined;
    idle.splice(at, 1);
    clearTimeout(idleTimers.get(worker as Worker));
    idleTimers.delete(worker as Worker);
    return worker;
  }

  /** A thread that crashed or stopped: its task fails, the next task starts a new thread. */
  function retire(worker: Worker, error: Error): void {
    take(worker);
    const pending = busy.get(worker);
    busy.delete(worker);
    pending?.reject(error);
    if (!closed) dispatch();
  }

  function dispatch(): void {
    while (waiting.length > 0 && (idle.length > 0 || busy.size < options.size)) {
      const pending = waiting.shift() as Pending;
      const worker = take() ?? start();
      busy.set(worker, pending);
      const started = performance.now();
      worker.once("message", (reply: TaskReply) => {
        if (busy.get(worker) !== pending) return;
        busy.delete(worker);
        rest(worker, options.idleMs);
        averageMs = 0.7 * averageMs + 0.3 * (performance.now() - started);
        if (reply.ok) pending.resolve(reply.value);
        else pending.reject(new Error(reply.message));
        dispatch();
      });
      worker.postMessage({ task: pending.task, input: pending.input });
    }
  }

  return {
    run(task, input) {
      if (closed) return Promise.reject(new Error("the thread pool is closed"));
      if (waiting.length >= options.maxWaiting && busy.size >= options.size) {
        const aheadMs = ((waiting.length + busy.size) / options.size) * averageMs;
        return Promise.reject(new ThreadPoolFullError(Math.max(1, Math.ceil(aheadMs / 1000))));
      }
      return new Promise((resolve, reject) => {
        waiting.push({ task, input, resolve, reject });
        dispatch();
      });
    },
    warm() {
      if (closed || busy.size > 0) return;
      // An idle thread waits longer now; with none, one starts.
      rest(take() ?? start(), options.warmMs);
    },
    load: () => ({ running: busy.size, waiting: waiting.length }),
    async close() {
      closed = true;
      for (const pending of waiting.splice(0)) pending.reject(new Error("the service is stopping"));
      const threads = [...idle, ...busy.keys()];
      while (take()) {}
      await Promise.all(threads.map((worker) => worker.terminate()));
    },
  };
}
