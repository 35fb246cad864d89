import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * What keeps the filters of a 100,000-result evaluation cheap: an index of its prompts by subset,
 * and a trigram index of finished evaluations' texts (prompt, truth, response) for the `search`
 * of `GET /results` and of comparisons (`resources/results/text-index.ts`). The latter is built
 * the first time a finished evaluation is searched, not as results are written: an evaluation
 * pays nothing for it on its hot path, and one nobody searches never pays at all.
 *
 * `result_text_indexes`: one row per indexed evaluation, its integer `key` (never reused) and how
 * many results the index holds, against the run's `done_count` (a mismatch means rebuild).
 *
 * SQLite: a contentless FTS5 table with the `trigram` tokenizer (substring matches, case folded),
 * rowid = key × 2³² + position, so one evaluation's rows are a rowid range; a trigger deletes the
 * range with its index row (which goes with its evaluation by cascade).
 *
 * PostgreSQL: `pg_trgm` and `btree_gin` (contrib; trusted extensions since PostgreSQL 13, so the
 * database's owner may create them) and one GIN index over lower-cased copies of the texts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The `subset` filter's positions, from an index alone.
  await db.schema
    .createIndex("evaluation_samples_subset_idx")
    .on("evaluation_samples")
    .columns(["evaluation_id", "subset", "position"])
    .execute();
  await db.schema
    .createTable("result_text_indexes")
    .addColumn("key", postgres ? "bigserial" : "integer", (c) =>
      postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("evaluation_id", "text", (c) =>
      c.notNull().unique().references("evaluations.id").onDelete("cascade"),
    )
    .addColumn("indexed_count", "integer", (c) => c.notNull())
    .execute();

  if (!postgres) {
    await sql`
      create virtual table result_texts using fts5(
        input_text, truth, response,
        content = '', contentless_delete = 1, tokenize = 'trigram'
      )`.execute(db);
    await sql`
      create trigger result_text_indexes_delete after delete on result_text_indexes begin
        delete from result_texts
        where rowid between old.key * 4294967296 and old.key * 4294967296 + 4294967295;
      end`.execute(db);
    return;
  }

  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createTable("result_texts")
    .addColumn("index_key", "bigint", (c) =>
      c.notNull().references("result_text_indexes.key").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("input_text", "text", (c) => c.notNull())
    .addColumn("truth", "text", (c) => c.notNull())
    .addColumn("response", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("result_texts_pk", ["index_key", "position"])
    .execute();
  // One GIN index over the evaluation's key (btree_gin) and the three texts: a search's index
  // scan keeps to one evaluation's rows, and only its candidates are read from the table.
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index result_texts_search_idx on result_texts using gin
    (index_key, input_text gin_trgm_ops, truth gin_trgm_ops, response gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite drops the trigger with its table.
  await db.schema.dropIndex("evaluation_samples_subset_idx").ifExists().execute();
  await db.schema.dropTable("result_texts").ifExists().execute();
  await db.schema.dropTable("result_text_indexes").ifExists().execute();
}
