import { POOL_TEST_TASKS } from "@assay/test-kit/entry-points.ts";
import { afterEach, describe, expect, it } from "vitest";
import {
  createThreadPool,
  type ThreadPool,
  ThreadPoolFullError,
} from "../src/platform/threads/thread-pool.ts";

const entry = POOL_TEST_TASKS;
let pool: ThreadPool;

afterEach(async () => {
  await pool?.close();
});

/** A flag a `hold` task waits on; `release()` lets every task holding it finish. */
function holdFlag() {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  return {
    flag,
    release: () => {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    },
  };
}

describe("the thread pool", () => {
  it("runs tasks on its threads and answers their values; a throwing task rejects with its message", async () => {
    pool = createThreadPool({
      entry,
      data: null,
      size: 2,
      maxWaiting: 10,
      idleMs: 60_000,
      warmMs: 60_000,
    });
    expect(await Promise.all([1, 2, 3].map((n) => pool.run("echo", { n })))).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
    ]);
    await expect(pool.run("fail", "the file is broken")).rejects.toThrow("the file is broken");
    await expect(pool.run("nothing", null)).rejects.toThrow("no task named nothing");
    expect(await pool.run("echo", "still working")).toBe("still working");
  });

  it("fails the task of a thread that dies, and runs the next task on a new thread", async () => {
    pool = createThreadPool({
      entry,
      data: null,
      size: 1,
      maxWaiting: 10,
      idleMs: 60_000,
      warmMs: 60_000,
    });
    const crashed = pool.run("crash", null);
    const next = pool.run("echo", "after the crash");
    await expect(crashed).rejects.toThrow("exit code 3");
    expect(await next).toBe("after the crash");
  });

  it("bounds the waiting line: one more task is refused with a Retry-After, not queued", async () => {
    pool = createThreadPool({
      entry,
      data: null,
      size: 1,
      maxWaiting: 1,
      idleMs: 60_000,
      warmMs: 60_000,
    });
    const { flag, release } = holdFlag();
    const running = pool.run("hold", flag);
    const waiting = pool.run("echo", "waited");
    const refused = pool.run("echo", "refused");
    await expect(refused).rejects.toBeInstanceOf(ThreadPoolFullError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(pool.load()).toEqual({ running: 1, waiting: 1 });
    release();
    expect(await running).toBe("released");
    expect(await waiting).toBe("waited");
    expect(await pool.run("echo", "room again")).toBe("room again");
  });

  it("stops a thread that stayed idle, and starts another for the next task", async () => {
    pool = createThreadPool({ entry, data: null, size: 1, maxWaiting: 5, idleMs: 50, warmMs: 50 });
    const first = await pool.run("thread", null);
    expect(await pool.run("thread", null)).toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pool.run("thread", null)).not.toBe(first);
  });

  it("on close, rejects what still waits", async () => {
    pool = createThreadPool({
      entry,
      data: null,
      size: 1,
      maxWaiting: 5,
      idleMs: 60_000,
      warmMs: 60_000,
    });
    const { flag } = holdFlag();
    const running = expect(pool.run("hold", flag)).rejects.toThrow("exit code");
    const waiting = expect(pool.run("echo", "never")).rejects.toThrow("stopping");
    await pool.close();
    await waiting;
    await running;
    await expect(pool.run("echo", "late")).rejects.toThrow("closed");
  });
});
