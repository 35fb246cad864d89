// Files of this kit that tests start as a child process or a worker thread. They are named by
// location, never imported: importing one would run it in the test's own process.

/** A queue worker that a test kills mid-job (queue crash recovery). */
export const QUEUE_CRASH_WORKER = new URL("./queue-crash-worker.ts", import.meta.url);

/** Migrates a database once and exits (migrations racing from several processes). */
export const MIGRATE_ONCE = new URL("./migrate-once.ts", import.meta.url);

/** Tasks of a bounded thread: a thread with resource limits. */
export const BOUNDED_THREAD_TASKS = new URL("./bounded-thread-tasks.ts", import.meta.url);

/** Tasks of the thread pool's tests. */
export const POOL_TEST_TASKS = new URL("./pool-test-tasks.ts", import.meta.url);
