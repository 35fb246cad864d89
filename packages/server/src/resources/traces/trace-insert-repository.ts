import { CompiledQuery, sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { rowBatches } from "../../platform/db/row-batches.ts";

/** What every trace of one import shares. */
export interface TraceFileSource {
  organization_id: string;
  project_id: string;
  filename: string;
  upload_id: string;
  created_at: string;
}

/** What differs from one trace of an import to the next. */
export interface TraceFileRow extends TraceSummaryColumns {
  id: string;
  position: number;
  format: string;
  input: string | null;
  data: string;
}

/** The summary columns as an import writes them (cost comes after, from the model's prices). */
export interface TraceSummaryColumns {
  duration_ms: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  total_tokens: number | null;
  model: string | null;
  service_name: string | null;
  session_id: string | null;
  user_id: string | null;
  summary_version: number;
}

/** The summary columns in the order the INSERT and the COPY write them. */
export const SUMMARY_KEYS = [
  "duration_ms",
  "input_tokens",
  "output_tokens",
  "total_tokens",
  "model",
  "service_name",
  "session_id",
  "user_id",
  "summary_version",
] as const;

/**
 * Most rows per INSERT: 14 bound parameters a row keep 512 rows at 7,173, far under SQLite's
 * limit (32,766) and PostgreSQL's (65,535), and a 50 MB file at ~80-170 statements.
 */
const INSERT_BATCH = 512;

const SOURCE_KEYS = [
  "organization_id",
  "project_id",
  "filename",
  "upload_id",
  "created_at",
] as const;
const ROW_KEYS = ["id", "position", "format", "input", "data", ...SUMMARY_KEYS] as const;

/** VALUES columns are untyped parameters (text to PostgreSQL): each summary column says its type. */
const SUMMARY_TYPES = [
  "double precision",
  "integer",
  "integer",
  "integer",
  "text",
  "text",
  "text",
  "text",
  "integer",
] as const;

/**
 * `insert into traces … select … from (values (id, position, format, input, data), …)`: what an
 * import's rows share is bound once per statement instead of once per row (~5 % of a 50 MB
 * import on SQLite, bench/trace-ingest.ts).
 *
 * Compiled by Kysely (which knows the dialect's placeholders) with the parameter names as
 * values, so the parameter order is checked rather than assumed.
 */
function compileInsert(db: Database, rows: number): string {
  const tuple = sql`(${sql.join(ROW_KEYS.map((key) => sql`${key}`))})`;
  const summaryColumns = sql.raw(SUMMARY_KEYS.join(", "));
  const summaryValues = sql.raw(
    SUMMARY_TYPES.map((type, i) => `cast(column${6 + i} as ${type})`).join(", "),
  );
  const compiled = sql`insert into traces
      (id, organization_id, project_id, filename, upload_id, position, format, input, data,
        integration_id, created_at, ${summaryColumns})
    select column1, ${"organization_id"}, ${"project_id"}, ${"filename"}, ${"upload_id"},
      cast(column2 as integer), column3, column4, column5, null, ${"created_at"}, ${summaryValues}
    from (values ${sql.join(Array.from({ length: rows }, () => tuple))}) as v`.compile(db);
  const expected = [...SOURCE_KEYS, ...Array.from({ length: rows }, () => ROW_KEYS).flat()];
  if (compiled.parameters.some((parameter, i) => parameter !== expected[i]))
    throw new Error("unexpected parameter order in the compiled trace INSERT");
  return compiled.sql;
}

/**
 * Stores the traces of one import with INSERT statements in one transaction, full batches
 * inserted while the file is still being read: a source that throws (the reader reports bad
 * records at the end) rolls everything back. The path for SQLite; PostgreSQL takes COPY
 * (copy-traces.ts). SQLite's one connection is the transaction's meanwhile, so other requests
 * wait for the import (about 1.5 s for a 50 MB file).
 */
export async function insertTraces(
  db: Database,
  source: TraceFileSource,
  batches: AsyncIterable<readonly TraceFileRow[]>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserter = createTraceInserter(trx);
    let pending: TraceFileRow[] = [];
    for await (const rows of batches) {
      for (const row of rows) pending.push(row);
      const full = pending.length - (pending.length % INSERT_BATCH);
      if (full > 0) {
        await inserter.insert(source, pending.slice(0, full));
        pending = pending.slice(full);
      }
    }
    await inserter.insert(source, pending);
  });
}

/**
 * Inserts batches of rows. An import runs tens of thousands of rows through a few statement
 * texts, so each text is compiled once (building it through the query builder per batch cost
 * ~15 % of a 50 MB import) and only the parameters are gathered per batch.
 */
function createTraceInserter(db: Database) {
  const texts = new Map<number, string>();
  return {
    /**
     * Rows in batches of INSERT_BATCH, then halving (rowBatches): insertTraces passes full
     * batches but at the end, so an import makes at most log2(INSERT_BATCH) + 1 statement texts.
     */
    async insert(source: TraceFileSource, rows: readonly TraceFileRow[]): Promise<void> {
      for (const batch of rowBatches(rows, INSERT_BATCH)) {
        let text = texts.get(batch.length);
        if (text === undefined) {
          text = compileInsert(db, batch.length);
          texts.set(batch.length, text);
        }
        const parameters: unknown[] = SOURCE_KEYS.map((key) => source[key]);
        for (const row of batch) for (const key of ROW_KEYS) parameters.push(row[key]);
        await db.executeQuery(CompiledQuery.raw(text, parameters));
      }
    },
  };
}

/** The ids of the traces imported from an upload, in file order. */
export async function tracesOfUpload(db: Database, uploadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("traces")
    .select("id")
    .where("upload_id", "=", uploadId)
    .orderBy("position")
    .execute();
  return rows.map((row) => row.id);
}
