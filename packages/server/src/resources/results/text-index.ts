import type { EvaluationStatus } from "@assay/protocol";
import { PostgresAdapter, type RawBuilder, sql } from "kysely";
import { likePattern } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import { ACTIVE_STATUSES } from "../evaluations/repository.ts";

/** The texts of a result a search looks in. */
export type TextColumn = "input_text" | "truth" | "response";
export const ALL_TEXT_COLUMNS: readonly TextColumn[] = ["input_text", "truth", "response"];

/** A subquery of the positions a search matched, for `position in (…)`. */
export type SearchMatches = RawBuilder<number>;

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
/** SQLite builds in statements of this many results: its one writer is never held for long. */
const BUILD_CHUNK = 5_000;

/**
 * The trigram index of finished evaluations' prompts, truths and responses (migration 0014),
 * which turns a substring search of a 100,000-result run from reading every row into an index
 * lookup. An evaluation is indexed the first time it is searched once finished (no more results
 * come then) and re-indexed if its `done_count` ever differs from what was indexed; a running
 * evaluation is searched by reading its rows, as is a text shorter than a trigram.
 */
export function createResultTextIndex(db: Database) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  /** SQLite: the builds under way in this process, so that concurrent searches share one. */
  const building = new Map<string, Promise<number>>();

  /** The evaluation's index row, made if missing: its key and what it holds. */
  async function indexRow(trx: Database, evaluationId: string, lock: boolean) {
    await trx
      .insertInto("result_text_indexes")
      .values({ evaluation_id: evaluationId, indexed_count: -1 })
      .onConflict((oc) => oc.column("evaluation_id").doNothing())
      .execute();
    let row = trx
      .selectFrom("result_text_indexes")
      .select(["key", "indexed_count"])
      .where("evaluation_id", "=", evaluationId);
    if (lock) row = row.forUpdate();
    const found = await row.executeTakeFirstOrThrow();
    return { key: Number(found.key), indexedCount: found.indexed_count };
  }

  const setCount = (trx: Database, key: number, count: number) =>
    trx.updateTable("result_text_indexes").set({ indexed_count: count }).where("key", "=", key);

  /** The results joined to their prompts, as the index holds them; SQLite's rowid or PG's key. */
  const texts = (evaluationId: string, key: number) =>
    sql`select ${postgres ? sql`${key}, r.position, lower(s.input_text), lower(s.truth), lower(r.response)` : sql`${key * KEY_SPAN} + r.position, s.input_text, s.truth, r.response`}
      from evaluation_results r
      join evaluation_samples s on s.evaluation_id = r.evaluation_id and s.position = r.position
      where r.evaluation_id = ${evaluationId}`;

  /**
   * PostgreSQL: one transaction under the index row's lock, so concurrent searches from any
   * process wait for one build; other writers are not held up by it.
   */
  const buildPostgres = (evaluation: IndexedEvaluation): Promise<number> =>
    db.transaction().execute(async (trx) => {
      const { key, indexedCount } = await indexRow(trx, evaluation.id, true);
      if (indexedCount === evaluation.done_count) return key;
      await sql`delete from result_texts where index_key = ${key}`.execute(trx);
      const inserted = await sql`insert into result_texts
        (index_key, position, input_text, truth, response) ${texts(evaluation.id, key)}`.execute(
        trx,
      );
      await setCount(trx, key, Number(inserted.numAffectedRows ?? 0)).execute();
      return key;
    });

  /**
   * SQLite: in statements of BUILD_CHUNK positions, marked unready (-1) until the last one, so
   * the single writer is free between them; one build per evaluation at a time in the process.
   */
  async function buildSqlite(evaluation: IndexedEvaluation): Promise<number> {
    const { key, indexedCount } = await indexRow(db, evaluation.id, false);
    if (indexedCount === evaluation.done_count) return key;
    await setCount(db, key, -1).execute();
    const first = key * KEY_SPAN;
    await sql`delete from result_texts where rowid between ${first} and ${first + KEY_SPAN - 1}`.execute(
      db,
    );
    const last = await db
      .selectFrom("evaluation_results")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("evaluation_id", "=", evaluation.id)
      .executeTakeFirst();
    let count = 0;
    for (let from = 0; from <= (last?.position ?? -1); from += BUILD_CHUNK) {
      const inserted = await sql`insert into result_texts (rowid, input_text, truth, response)
        ${texts(evaluation.id, key)} and r.position >= ${from} and r.position < ${from + BUILD_CHUNK}`.execute(
        db,
      );
      count += Number(inserted.numAffectedRows ?? 0);
    }
    await setCount(db, key, count).execute();
    return key;
  }

  /** The evaluation's key once its index holds every result. */
  async function ready(evaluation: IndexedEvaluation): Promise<number> {
    if (postgres) return buildPostgres(evaluation);
    let build = building.get(evaluation.id);
    if (!build) {
      build = buildSqlite(evaluation).finally(() => building.delete(evaluation.id));
      building.set(evaluation.id, build);
    }
    return build;
  }

  return {
    /**
     * The positions of `evaluation`'s results whose `columns` hold `text` (ignoring case), as a
     * subquery for `position in (…)`; undefined when the index cannot answer (a running
     * evaluation, a text shorter than a trigram), and the caller reads the rows instead.
     */
    async matching(
      evaluation: IndexedEvaluation,
      text: string,
      columns: readonly TextColumn[] = ALL_TEXT_COLUMNS,
    ): Promise<SearchMatches | undefined> {
      if ([...text].length < MIN_INDEXED_LENGTH) return undefined;
      if (ACTIVE_STATUSES.includes(evaluation.status as EvaluationStatus)) return undefined;
      const key = await ready(evaluation);
      if (postgres) {
        const pattern = likePattern(text);
        const matches = columns.map((c) => sql`${sql.ref(c)} like ${pattern} escape '\\'`);
        return sql<number>`(select position from result_texts
          where index_key = ${key} and (${sql.join(matches, sql` or `)}))`;
      }
      // An FTS5 phrase of trigrams matches exactly the rows holding the text; a column filter
      // keeps it to `columns`.
      const phrase = `{${columns.join(" ")}} : "${text.replaceAll('"', '""')}"`;
      const first = key * KEY_SPAN;
      return sql<number>`(select rowid - ${first} from result_texts
        where result_texts match ${phrase} and rowid between ${first} and ${first + KEY_SPAN - 1})`;
    },
  };
}

export type ResultTextIndex = ReturnType<typeof createResultTextIndex>;
