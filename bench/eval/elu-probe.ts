// Preloaded into Assay's processes by the eval bench (`node --import …/elu-probe.ts`), never by the
// service itself. Every 250 ms it appends to ASSAY_BENCH_PROBE_FILE the main thread's event-loop
// utilization and delay, its RSS and V8 heap in use, with the wall and monotonic clocks (to line a CPU profile
// up with a run), and the time spent inside node:sqlite calls. With ASSAY_BENCH_SQL_FILE set, it
// also times every node:sqlite statement by SQL text: a first SIGUSR2 (the run starts) clears
// the tally, a second (the run ended) writes the costliest statements there.
import { appendFileSync, writeFileSync } from "node:fs";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { DatabaseSync, StatementSync } from "node:sqlite";
import { getHeapStatistics } from "node:v8";

const file = process.env.ASSAY_BENCH_PROBE_FILE;
const sqlFile = process.env.ASSAY_BENCH_SQL_FILE;

/** Milliseconds the main thread spent in node:sqlite since the last probe line. */
let sqliteMs = 0;
const bySql = new Map<string, { calls: number; ms: number; maxMs: number }>();

function timed<F extends (...args: never[]) => unknown>(
  original: F,
  sqlOf: (self: unknown, args: unknown[]) => string,
): F {
  return function (this: unknown, ...args: never[]) {
    const started = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const ms = performance.now() - started;
      sqliteMs += ms;
      if (sqlFile) {
        const sql = sqlOf(this, args);
        let entry = bySql.get(sql);
        if (entry === undefined) {
          entry = { calls: 0, ms: 0, maxMs: 0 };
          bySql.set(sql, entry);
        }
        entry.calls += 1;
        entry.ms += ms;
        if (ms > entry.maxMs) entry.maxMs = ms;
      }
    }
  } as F;
}

if (file) {
  const statement = StatementSync.prototype;
  const sourceOf = (self: unknown) => (self as StatementSync).sourceSQL;
  statement.run = timed(statement.run, sourceOf);
  statement.all = timed(statement.all, sourceOf);
  statement.get = timed(statement.get, sourceOf);
  DatabaseSync.prototype.exec = timed(DatabaseSync.prototype.exec, (_self, args) =>
    String(args[0]),
  );

  let last = performance.eventLoopUtilization();
  const delay = monitorEventLoopDelay({ resolution: 2 });
  delay.enable();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, last);
    last = now;
    const line = {
      wall: Date.now(),
      monoUs: Number(process.hrtime.bigint() / 1000n),
      elu: delta.utilization,
      activeMs: delta.active,
      sqliteMs,
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      rssMb: process.memoryUsage.rss() / 1048576,
      heapMb: getHeapStatistics().used_heap_size / 1048576,
    };
    sqliteMs = 0;
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 250);
  timer.unref();

  if (sqlFile) {
    let started = false;
    process.on("SIGUSR2", () => {
      if (!started) {
        started = true;
        bySql.clear();
        return;
      }
      const rows = [...bySql]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 15)
        .map(
          ([sql, e]) =>
            `${e.ms.toFixed(0).padStart(7)} ms ${String(e.calls).padStart(6)} calls max ${e.maxMs.toFixed(1).padStart(6)} ms  ${sql.replace(/\s+/g, " ").slice(0, 160)}`,
        );
      const inserts = [...bySql.keys()].filter((sql) =>
        /^\s*insert into "evaluation_results"/.test(sql),
      );
      const tuples = inserts.map((sql) => sql.split("), (").length);
      rows.push(
        `${bySql.size} distinct SQL texts; ${inserts.length} of them insert results, ${Math.min(...tuples)}–${Math.max(...tuples)} rows each`,
      );
      writeFileSync(sqlFile, `${rows.join("\n")}\n`);
    });
  }
}
