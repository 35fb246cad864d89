// What the database's backends were doing during a run, sampled from pg_stat_activity every
// 50 ms: for each backend of the run's database that is not idle, its state and what it waits on
// (a row lock held by another transaction shows as `Lock:transactionid` or `Lock:tuple`, a commit
// waiting for the WAL flush as `IO:WALSync` / `LWLock:WALWrite`, a client's next statement inside
// a transaction as `idle in transaction`). Busy backends on a lock mean transactions queue on the
// same rows. Each entry names the backend's current (or, idle in transaction, last) statement.
import pg from "pg";

export interface WaitSampler {
  /** Stops sampling; answers the mean number of backends per state/wait, most first. */
  stop(): Promise<{ what: string; backends: number }[]>;
}

export async function sampleWaitEvents(url: string, intervalMs = 50): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: url });
  let running = true;
  // A run that fails drops its database with this client still connected: that ends sampling.
  client.on("error", () => {
    running = false;
  });
  await client.connect();
  const database = new URL(url).pathname.slice(1);
  const counts = new Map<string, number>();
  let samples = 0;
  const loop = (async () => {
    while (running) {
      let rows: { what: string }[];
      try {
        ({ rows } = await client.query<{ what: string }>(
          `select case when state = 'active' then coalesce(wait_event_type || ':' || wait_event, 'active (on CPU)')
                     else state end || ' · ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60) as what
           from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid() and state <> 'idle'`,
          [database],
        ));
      } catch {
        return;
      }
      samples += 1;
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end().catch(() => {});
      return [...counts]
        .map(([what, n]) => ({ what, backends: n / Math.max(1, samples) }))
        .sort((a, b) => b.backends - a.backends);
    },
  };
}
