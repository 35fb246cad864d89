/**
 * Gathers rows into batches of `size` and hands each full batch to `write`, keeping one write in
 * flight while the caller produces the next rows: on PostgreSQL the database inserts while this
 * process parses (on SQLite a statement runs at once, in this thread, so nothing overlaps).
 */
export function createPipelinedWriter<T>(size: number, write: (rows: T[]) => Promise<void>) {
  let batch: T[] = [];
  let inFlight: Promise<void> = Promise.resolve();

  const flush = async () => {
    await inFlight;
    const rows = batch;
    batch = [];
    inFlight = write(rows);
    // Handled here so that a failure is not reported as unhandled while the caller produces the
    // next rows; awaiting inFlight still throws it.
    inFlight.catch(() => {});
  };

  return {
    /** Adds rows, writing every batch they fill. */
    async add(rows: readonly T[]): Promise<void> {
      for (const row of rows) {
        batch.push(row);
        if (batch.length === size) await flush();
      }
    },
    /** Writes the last rows and waits for every write to end. */
    async finish(): Promise<void> {
      if (batch.length > 0) await flush();
      await inFlight;
    },
    /** Waits for the write in flight to end, whatever its outcome (the caller is failing). */
    async abandon(): Promise<void> {
      await inFlight.catch(() => {});
    },
  };
}
