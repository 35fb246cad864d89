// Preloaded into Assay's processes by the worker-scaling bench (`node --import …/pg-probe.ts`),
// never by the service itself. It counts every query the process sends to PostgreSQL (node-postgres
// `Client#query`: Kysely's pool and pg-boss's alike), by statement, with the time until its answer.
// A first SIGUSR2 (the measured run starts) clears the tally, a second (it ended) writes it as
// JSON to ASSAY_BENCH_PG_FILE: { statement: { calls, ms } }, a statement being its SQL text with
// whitespace collapsed, cut at 120 characters.
import { writeFileSync } from "node:fs";
import pg from "pg";

const file = process.env.ASSAY_BENCH_PG_FILE;

export interface PgTally {
  [statement: string]: { calls: number; ms: number };
}

if (file) {
  const tally = new Map<string, { calls: number; ms: number }>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    const text =
      typeof first === "string"
        ? first
        : typeof (first as { text?: unknown })?.text === "string"
          ? (first as { text: string }).text
          : "";
    const key = text.replace(/\s+/g, " ").trim().slice(0, 120);
    let entry = tally.get(key);
    if (entry === undefined) {
      entry = { calls: 0, ms: 0 };
      tally.set(key, entry);
    }
    entry.calls += 1;
    const started = performance.now();
    const result = original.apply(this, args);
    const counted = entry;
    if (result instanceof Promise)
      result.then(
        () => (counted.ms += performance.now() - started),
        () => (counted.ms += performance.now() - started),
      );
    return result;
  };

  let started = false;
  process.on("SIGUSR2", () => {
    if (!started) {
      started = true;
      tally.clear();
      return;
    }
    writeFileSync(file, JSON.stringify(Object.fromEntries(tally)));
  });
}
