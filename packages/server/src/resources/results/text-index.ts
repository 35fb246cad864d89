import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { EvaluationStatus } from "@assay/protocol";
import type { RawBuilder } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../platform/db/database.ts";
import { ACTIVE_STATUSES } from "../evaluations/repository.ts";
import { createTextIndexRepository, type TextColumn } from "./text-index-repository.ts";

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
  const repo = createTextIndexRepository(db);
  /** The builds under way in this process, by evaluation, so that searches share one. */
  const building = new Map<string, Promise<void>>();
  let stopping = false;

  /**
   * (Re)indexes the evaluation's results, BUILD_CHUNK positions a statement, then records how
   * many the index holds. On PostgreSQL a row already indexed is skipped (results never change),
   * so a build resumed or run by two processes at once ends complete; SQLite's contentless table
   * cannot tell one, so what it held goes first, and it reads as unready meanwhile (a build cut
   * short is redone).
   */
  async function build(evaluation: IndexedEvaluation): Promise<void> {
    await repo.ensure(evaluation.id);
    const index = await repo.find(evaluation.id);
    if (!index || index.indexedCount === evaluation.done_count) return;
    if (!repo.skipsIndexedRows) await repo.clear(index.key);
    const last = await repo.lastPosition(evaluation.id);
    for (let from = 0; from <= last; from += BUILD_CHUNK) {
      // node:sqlite runs a statement synchronously and resolves at once: without a turn of the
      // event loop between chunks, a build would hold every request until its end.
      await yieldToEventLoop();
      if (stopping) return;
      await repo.insert(evaluation.id, index.key, from, from + BUILD_CHUNK);
    }
    await repo.complete(index.key);
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
      const index = await repo.find(evaluation.id);
      if (!index || index.indexedCount !== evaluation.done_count) {
        startBuild(evaluation);
        return undefined;
      }
      const positions = await repo.matching(index.key, text, columns);
      return { positions, subquery: repo.positionsIn(positions) };
    },

    /** Stops the builds under way after their current statement; they resume on a later search. */
    async close(): Promise<void> {
      stopping = true;
      await Promise.all(building.values());
    },
  };
}

export type ResultTextIndex = ReturnType<typeof createResultTextIndex>;
