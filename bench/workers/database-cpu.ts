// PostgreSQL's own CPU for one database: the server runs a backend process per connection, named
// `postgres: <cluster>: <user> <database> <client>` in its command line. On this machine the
// database shares the two cores with Assay and the fake endpoint, so its CPU is part of the cost
// of a sample. Read from /proc (Linux, PostgreSQL on the same machine).
import { readdirSync, readFileSync } from "node:fs";
import { cpuSeconds } from "../support/processes.ts";

/** CPU seconds used so far by each live backend of `database`, by pid. */
export function databaseBackendCpu(database: string): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      if (!command.startsWith("postgres: ") || !command.includes(` ${database} `)) continue;
      cpu.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // the process ended meanwhile, or is not ours to read
    }
  }
  return cpu;
}

/**
 * Starts counting the database's CPU. Backends that start during the run count from zero;
 * one that ends during the run loses what it used since the start (pools keep theirs open).
 */
export function startDatabaseCpu(database: string) {
  const before = databaseBackendCpu(database);
  return {
    stop(): number {
      let total = 0;
      for (const [pid, seconds] of databaseBackendCpu(database))
        total += seconds - (before.get(pid) ?? 0);
      return total;
    },
  };
}
