/**
 * Splits rows for multi-row INSERTs into batches of `max` rows, then `max` halved as often as
 * needed for the rest (250 rows with `max` 256: 128, 64, 32, 16, 8, 2). An INSERT's SQL text
 * depends on its row count and SQLite keeps every distinct text prepared, so batches of any size
 * would fill the statement cache with hundreds of large, nearly identical statements; this way a
 * table gets at most log2(max) + 1 of them, for a few more statements in an odd-sized batch.
 */
export function* rowBatches<T>(rows: readonly T[], max: number): Generator<T[]> {
  let start = 0;
  while (start < rows.length) {
    let size = max;
    while (size > rows.length - start) size >>= 1;
    yield rows.slice(start, start + size);
    start += size;
  }
}
