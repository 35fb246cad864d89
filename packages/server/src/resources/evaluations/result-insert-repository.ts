import { CompiledQuery } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import type { EvaluationResultsTable } from "../../platform/db/schema.ts";

/** The columns a result row is inserted with, in the order its parameters are bound. */
const RESULT_KEYS = [
  "evaluation_id",
  "position",
  "response",
  "score",
  "passed",
  "reason",
  "error",
  "duration_ms",
  "prompt_tokens",
  "completion_tokens",
  "reasoning_tokens",
  "reasoning",
  "cost_usd",
  "cached",
  "metrics",
  "scorer_scores",
  "execution",
  "created_at",
] as const satisfies readonly (keyof EvaluationResultsTable)[];

/** What an inserted result hands back for the run's counters. */
export type InsertedResult = Pick<
  EvaluationResultsTable,
  | "passed"
  | "error"
  | "duration_ms"
  | "prompt_tokens"
  | "completion_tokens"
  | "reasoning_tokens"
  | "cost_usd"
  | "cached"
>;

/**
 * The INSERT of `rows` results (a prompt already answered is skipped), compiled by Kysely with
 * the column names as values, so the parameter order is checked rather than assumed.
 */
function compileInsert(db: Database, rows: number): string {
  const row = Object.fromEntries(RESULT_KEYS.map((key) => [key, key])) as never;
  const compiled = db
    .insertInto("evaluation_results")
    .values(Array.from({ length: rows }, () => row))
    .onConflict((oc) => oc.columns(["evaluation_id", "position"]).doNothing())
    .returning([
      "passed",
      "error",
      "duration_ms",
      "prompt_tokens",
      "completion_tokens",
      "reasoning_tokens",
      "cost_usd",
      "cached",
    ])
    .compile();
  const expected = Array.from({ length: rows }, () => RESULT_KEYS).flat();
  if (compiled.parameters.some((parameter, i) => parameter !== expected[i]))
    throw new Error("unexpected parameter order in the compiled results INSERT");
  return compiled.sql;
}

/** Statement texts by database and row count (rowBatches keeps the counts to a few). */
const texts = new WeakMap<Database, Map<number, string>>();

/**
 * Inserts one batch of results inside `trx`, a transaction of `db`, and answers the rows actually
 * inserted; every column is given (a row that left one out would bind a wrong parameter). Every batch of a run goes through a few statement texts: each is compiled once, and
 * only the parameters are gathered per batch (building the INSERT through the query builder for
 * every batch cost ~5 % of an evaluation's CPU, bench/eval-throughput.ts --profile).
 */
export async function insertResults(
  db: Database,
  trx: Database,
  batch: readonly EvaluationResultsTable[],
): Promise<InsertedResult[]> {
  let byCount = texts.get(db);
  if (byCount === undefined) {
    byCount = new Map();
    texts.set(db, byCount);
  }
  let text = byCount.get(batch.length);
  if (text === undefined) {
    text = compileInsert(db, batch.length);
    byCount.set(batch.length, text);
  }
  const parameters: unknown[] = [];
  for (const row of batch) for (const key of RESULT_KEYS) parameters.push(row[key]);
  const result = await trx.executeQuery<InsertedResult>(CompiledQuery.raw(text, parameters));
  return result.rows;
}
