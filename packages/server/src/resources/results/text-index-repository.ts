import { PostgresAdapter, type RawBuilder, sql } from "kysely";
import { likePattern } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";

/** The texts of a result a search looks in. */
export type TextColumn = "input_text" | "truth" | "response";

/** SQLite: one evaluation's rows are the rowids key × 2³² + position. */
const KEY_SPAN = 2 ** 32;

/**
 * The SQL of the results' trigram index (migration 0014; text-index.ts says when it is built and
 * used): on SQLite a contentless FTS5 table whose rowids are key × 2³² + position, on PostgreSQL
 * a table of lower-cased copies under one GIN index over (key, the three texts).
 */
export function createTextIndexRepository(db: Database) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rowidsOf = (key: number) =>
    sql`rowid between ${key * KEY_SPAN} and ${key * KEY_SPAN + KEY_SPAN - 1}`;

  /** The results at positions [from, to), joined to their prompts, as the index holds them. */
  const texts = (evaluationId: string, key: number, from: number, to: number) =>
    sql`select ${
      postgres
        ? sql`${key}, r.position, lower(s.input_text), lower(s.truth), lower(r.response)`
        : sql`${key * KEY_SPAN} + r.position, s.input_text, s.truth, r.response`
    }
      from evaluation_results r
      join evaluation_samples s on s.evaluation_id = r.evaluation_id and s.position = r.position
      where r.evaluation_id = ${evaluationId} and r.position >= ${from} and r.position < ${to}`;

  const setCount = (key: number, count: number) =>
    db
      .updateTable("result_text_indexes")
      .set({ indexed_count: count })
      .where("key", "=", key)
      .execute();

  return {
    /** PostgreSQL skips a row already indexed; SQLite's contentless table cannot tell one. */
    skipsIndexedRows: postgres,

    /** The evaluation's key and how many results its index holds; undefined before any build. */
    async find(evaluationId: string): Promise<{ key: number; indexedCount: number } | undefined> {
      const row = await db
        .selectFrom("result_text_indexes")
        .select(["key", "indexed_count"])
        .where("evaluation_id", "=", evaluationId)
        .executeTakeFirst();
      return row && { key: Number(row.key), indexedCount: row.indexed_count };
    },

    /** The evaluation's index row, made (holding nothing yet) when missing. */
    async ensure(evaluationId: string): Promise<void> {
      await db
        .insertInto("result_text_indexes")
        .values({ evaluation_id: evaluationId, indexed_count: -1 })
        .onConflict((oc) => oc.column("evaluation_id").doNothing())
        .execute();
    },

    /** Marks the index unready and removes what it holds. */
    async clear(key: number): Promise<void> {
      await setCount(key, -1);
      await (postgres
        ? sql`delete from result_texts where index_key = ${key}`
        : sql`delete from result_texts where ${rowidsOf(key)}`
      ).execute(db);
    },

    /** The highest position the evaluation has a result at; -1 when it has none. */
    async lastPosition(evaluationId: string): Promise<number> {
      const last = await db
        .selectFrom("evaluation_results")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("evaluation_id", "=", evaluationId)
        .executeTakeFirst();
      return last?.position ?? -1;
    },

    /** Indexes the evaluation's results at positions [from, to). */
    async insert(evaluationId: string, key: number, from: number, to: number): Promise<void> {
      await (postgres
        ? sql`insert into result_texts (index_key, position, input_text, truth, response)
            ${texts(evaluationId, key, from, to)} on conflict do nothing`
        : sql`insert into result_texts (rowid, input_text, truth, response)
            ${texts(evaluationId, key, from, to)}`
      ).execute(db);
    },

    /** Records how many results the index holds for `key`: it is ready when that is all. */
    async complete(key: number): Promise<void> {
      const rows = postgres
        ? sql<{ n: number }>`select count(*) as n from result_texts where index_key = ${key}`
        : sql<{ n: number }>`select count(*) as n from result_texts where ${rowidsOf(key)}`;
      const held = Number((await rows.execute(db)).rows[0]?.n ?? 0);
      if (postgres) {
        // Now rather than when autovacuum comes round (and takes the CPU from the searches): the
        // GIN index's pending list, where its inserts went, merged in; and statistics, without
        // which the planner thinks the table small and scans it.
        await sql`select gin_clean_pending_list('result_texts_search_idx'::regclass)`.execute(db);
        await sql`analyze result_texts`.execute(db);
      }
      await setCount(key, held);
    },

    /** The positions under `key` whose `columns` hold `text`, ignoring case, in order. */
    async matching(key: number, text: string, columns: readonly TextColumn[]): Promise<number[]> {
      let query: RawBuilder<{ position: number }>;
      if (postgres) {
        const pattern = likePattern(text);
        // The key in every arm of the OR, so each arm's index scan keeps to this evaluation.
        const arms = columns.map(
          (c) => sql`(index_key = ${key} and ${sql.ref(c)} like ${pattern} escape '\\')`,
        );
        query = sql`select position from result_texts where ${sql.join(arms, sql` or `)}`;
      } else {
        // An FTS5 phrase of trigrams matches exactly the rows holding the text; a column filter
        // keeps it to `columns`.
        const phrase = `{${columns.join(" ")}} : "${text.replaceAll('"', '""')}"`;
        query = sql`select rowid - ${key * KEY_SPAN} as position from result_texts
          where result_texts match ${phrase} and ${rowidsOf(key)}`;
      }
      const found = await query.execute(db);
      return found.rows.map((r) => r.position).sort((a, b) => a - b);
    },

    /**
     * `positions` as a subquery for `position in (…)`, in one parameter: the queries that use
     * them do not each search the index again.
     */
    positionsIn: (positions: readonly number[]): RawBuilder<number> =>
      postgres
        ? sql<number>`(select unnest(cast(${positions} as integer[])))`
        : sql<number>`(select value from json_each(${JSON.stringify(positions)}))`,
  };
}
