import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { EvaluationStatus } from "@assay/protocol";
import { PostgresAdapter, type RawBuilder, sql } from "kysely";
import type { Logger } from "pino";
import { likePattern } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import { ACTIVE_STATUSES } from "../evaluations/repository.ts";

/** The texts of a result a search looks in. */
export type TextColumn = "input_text" | "truth" | "response";
const ALL_TEXT_COLUMNS: readonly TextColumn[] = ["input_text", "truth", "response"];

/** The positions a search matched, in order, and as a subquery for `position in (…)`. */
export interface SearchMatches {
  positions: readonly number[];
  subquery: RawBuilder<number>;
}

/** What the index needs of an evaluation: a finished one is indexed, and its count says when. */
export interface IndexedEvaluation {
  id: string;
  status: string;
  done_count: number;
}

/** Trigrams: a shorter text is matched by reading the rows (it matches most of them anyway). */
const MIN_INDEXED_LENGTH = 3;
/** SQLite: one evaluation's rows are the rowids key × 2³² + position. */
const KEY_SPAN = 2 ** 32;
/**
 * Results indexed per statement (~35 ms on SQLite): SQLite's one writer, and Node's event loop,
 * which its synchronous driver holds, are never held for long, and a stopping server waits for
 * one statement at most.
 */
const BUILD_CHUNK = 500;

/**
 * The trigram index of finished evaluations' prompts, truths and responses (migration 0014),
 * which turns a substring search of a 100,000-result run from reading every row into an index
 * lookup. Indexing costs seconds for such a run (~70 µs a result), so it is never on a request's
 * path: the first search of a finished evaluation (no more results come then) starts it in the
 * background and is answered by reading the rows, as every search is until the index holds as
 * many results as the run's `done_count`. A running evaluation, and a text shorter than a
 * trigram, are always read row by row.
 */
export function createResultTextIndex(db: Database, logger: Logger) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** The builds under way in this process, by evaluation, so that searches share one. */
  const building = new Map<string, Promise<void>>();
  let stopping = false;

  const indexRow = (evaluationId: string) =>
    db
      .selectFrom("result_text_indexes")
      .select(["key", "indexed_count"])
      .where("evaluation_id", "=", evaluationId)
      .executeTakeFirst();

  /** The results of `evaluation` from `from`, joined to their prompts, as the index holds them. */
  const texts = (evaluationId: string, key: number, from: number) =>
    sql`select ${
      postgres
        ? sql`${key}, r.position, lower(s.input_text), lower(s.truth), lower(r.response)`
        : sql`${key * KEY_SPAN} + r.position, s.input_text, s.truth, r.response`
    }
      from evaluation_results r
      join evaluation_samples s on s.evaluation_id = r.evaluation_id and s.position = r.position
      where r.evaluation_id = ${evaluationId}
        and r.position >= ${from} and r.position < ${from + BUILD_CHUNK}`;

  /** The rows the index holds for `key`. */
  async function heldRows(key: number): Promise<number> {
    const rows = postgres
      ? sql<{ n: number }>`select count(*) as n from result_texts where index_key = ${key}`
      : sql<{ n: number }>`select count(*) as n from result_texts
          where rowid between ${key * KEY_SPAN} and ${key * KEY_SPAN + KEY_SPAN - 1}`;
    return Number((await rows.execute(db)).rows[0]?.n ?? 0);
  }

  /**
   * (Re)indexes the evaluation's results, BUILD_CHUNK positions a statement, then records how
   * many the index holds. PostgreSQL's inserts skip rows already there (results never change),
   * so a build resumed or run by two processes at once ends complete. SQLite's contentless FTS5
   * table cannot tell a row already there: the evaluation's rows are deleted first, and the
   * count is -1 meanwhile (a build cut short is redone).
   */
  async function build(evaluation: IndexedEvaluation): Promise<void> {
    await db
      .insertInto("result_text_indexes")
      .values({ evaluation_id: evaluation.id, indexed_count: -1 })
      .onConflict((oc) => oc.column("evaluation_id").doNothing())
      .execute();
    const row = await indexRow(evaluation.id);
    if (!row || row.indexed_count === evaluation.done_count) return;
    const key = Number(row.key);
    if (!postgres) {
      await db
        .updateTable("result_text_indexes")
        .set({ indexed_count: -1 })
        .where("key", "=", key)
        .execute();
      await sql`delete from result_texts
        where rowid between ${key * KEY_SPAN} and ${key * KEY_SPAN + KEY_SPAN - 1}`.execute(db);
    }
    const last = await db
      .selectFrom("evaluation_results")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("evaluation_id", "=", evaluation.id)
      .executeTakeFirst();
    for (let from = 0; from <= (last?.position ?? -1); from += BUILD_CHUNK) {
      // node:sqlite runs a statement synchronously and resolves at once: without a turn of the
      // event loop between chunks, a build would hold every request until its end.
      await yieldToEventLoop();
      if (stopping) return;
      await (postgres
        ? sql`insert into result_texts (index_key, position, input_text, truth, response)
            ${texts(evaluation.id, key, from)} on conflict do nothing`
        : sql`insert into result_texts (rowid, input_text, truth, response)
            ${texts(evaluation.id, key, from)}`
      ).execute(db);
    }
    const held = await heldRows(key);
    if (postgres) {
      // Now rather than when autovacuum comes round (and takes the CPU from the searches): the
      // GIN index's pending list, where its inserts went, merged in; and statistics, without
      // which the planner thinks the table small and scans it.
      await sql`select gin_clean_pending_list('result_texts_search_idx'::regclass)`.execute(db);
      await sql`analyze result_texts`.execute(db);
    }
    await db
      .updateTable("result_text_indexes")
      .set({ indexed_count: held })
      .where("key", "=", key)
      .execute();
  }

  /** Starts the evaluation's build unless one is under way here; a failure is logged, not thrown. */
  function startBuild(evaluation: IndexedEvaluation): void {
    if (stopping || building.has(evaluation.id)) return;
    const started = performance.now();
    const run = build(evaluation)
      .then(() => {
        if (!stopping)
          logger.debug(
            { evaluationId: evaluation.id, ms: Math.round(performance.now() - started) },
            "indexed an evaluation's texts for search",
          );
      })
      .catch((error: unknown) => {
        logger.warn(
          { err: error, evaluationId: evaluation.id },
          "indexing an evaluation's texts failed",
        );
      })
      .finally(() => building.delete(evaluation.id));
    building.set(evaluation.id, run);
  }

  /** The positions under `key` whose `columns` hold `text`, from the trigram index, in order. */
  async function matchedPositions(
    key: number,
    text: string,
    columns: readonly TextColumn[],
  ): Promise<number[]> {
    const found = await (postgres
      ? matchingRowsPostgres(key, text, columns)
      : matchingRowsSqlite(key, text, columns)
    ).execute(db);
    return found.rows.map((r) => r.position).sort((a, b) => a - b);
  }

  function matchingRowsPostgres(key: number, text: string, columns: readonly TextColumn[]) {
    const pattern = likePattern(text);
    // The key in every arm of the OR, so that each arm's index scan keeps to this evaluation.
    const matches = columns.map(
      (c) => sql`(index_key = ${key} and ${sql.ref(c)} like ${pattern} escape '\\')`,
    );
    return sql<{ position: number }>`select position from result_texts
      where ${sql.join(matches, sql` or `)}`;
  }

  /**
   * An FTS5 phrase of trigrams matches exactly the rows holding the text; a column filter keeps it
   * to `columns`.
   */
  function matchingRowsSqlite(key: number, text: string, columns: readonly TextColumn[]) {
    const phrase = `{${columns.join(" ")}} : "${text.replaceAll('"', '""')}"`;
    const first = key * KEY_SPAN;
    return sql<{ position: number }>`select rowid - ${first} as position from result_texts
      where result_texts match ${phrase} and rowid between ${first} and ${first + KEY_SPAN - 1}`;
  }

  return {
    /**
     * The positions of `evaluation`'s results whose `columns` hold `text` (ignoring case), once
     * its index is complete; until then undefined (and the index is started), as for a running
     * evaluation or a text shorter than a trigram: the caller reads the rows.
     */
    async matching(
      evaluation: IndexedEvaluation,
      text: string,
      columns: readonly TextColumn[] = ALL_TEXT_COLUMNS,
    ): Promise<SearchMatches | undefined> {
      if ([...text].length < MIN_INDEXED_LENGTH) return undefined;
      if (ACTIVE_STATUSES.includes(evaluation.status as EvaluationStatus)) return undefined;
      const row = await indexRow(evaluation.id);
      if (!row || row.indexed_count !== evaluation.done_count) {
        startBuild(evaluation);
        return undefined;
      }
      const key = Number(row.key);
      const positions = await matchedPositions(key, text, columns);
      // The positions go back as one parameter, so the queries that use them do not each search
      // the index again.
      return {
        positions,
        subquery: postgres
          ? sql<number>`(select unnest(cast(${positions} as integer[])))`
          : sql<number>`(select value from json_each(${JSON.stringify(positions)}))`,
      };
    },

    /** Stops the builds under way after their current statement; they resume on a later search. */
    async close(): Promise<void> {
      stopping = true;
      await Promise.all(building.values());
    },
  };
}

export type ResultTextIndex = ReturnType<typeof createResultTextIndex>;
