import type { ListResultsQuery, Result } from "@assay/protocol";
import { sql } from "kysely";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import { groupByPrompt, type ResultRow } from "./result-row.ts";
import type { SearchMatches } from "./text-index.ts";
import { createTextIndexRepository } from "./text-index-repository.ts";

/**
 * The results of a run that asked each prompt `repeats` times, one row per prompt: the rows of a
 * page are grouped by prompt (prompt i's answers sit at positions i·repeats …), filtered on what
 * its answers say together (`passed`: all passed; `failed`: any did not; `error`: any failed to be
 * answered or scored; `flaky`: some passed and some not), and each prompt's answers come with it.
 * A search keeps the prompts whose text, truth or any answer matches.
 *
 * Unlike the one-answer-per-prompt listing (repository.ts), a page groups the run's results and
 * counts the groups: a read of every result row, which repeats make worth it (a run of R repeats
 * is read a prompt at a time by people, not paged through by a client 100,000 rows deep).
 */
export function createPromptPageRepository(db: Database) {
  const positionsIn = createTextIndexRepository(db).positionsIn;

  return {
    async page(
      evaluationId: string,
      repeats: number,
      query: ListResultsQuery,
      matches: SearchMatches | undefined,
      read: (positions: readonly number[]) => Promise<ResultRow[]>,
    ): Promise<{ results: Result[]; total: number }> {
      const prompt = sql<number>`r.position / ${sql.lit(repeats)}`;
      let groups = db
        .selectFrom("evaluation_results as r")
        .select(prompt.as("prompt"))
        .where("r.evaluation_id", "=", evaluationId)
        .groupBy(prompt);
      const correct = sql<number>`sum(r.passed)`;
      const answers = sql<number>`count(*)`;
      if (query.outcome === "passed") groups = groups.having(correct, "=", answers);
      if (query.outcome === "failed") groups = groups.having(correct, "<", answers);
      if (query.outcome === "flaky")
        groups = groups.having(correct, ">", 0).having(correct, "<", answers);
      if (query.outcome === "error")
        groups = groups.having(sql`sum(case when r.error is not null then 1 else 0 end)`, ">", 0);
      if (query.subset !== undefined) {
        const subset = query.subset;
        groups = groups.where("r.position", "in", (eb) =>
          eb
            .selectFrom("evaluation_samples")
            .select("position")
            .where("evaluation_id", "=", evaluationId)
            .where((w) =>
              subset === "default"
                ? w.or([w("subset", "is", null), w("subset", "=", subset)])
                : w("subset", "=", subset),
            ),
        );
      }
      if (matches) {
        const prompts = [...new Set(matches.positions.map((p) => Math.floor(p / repeats)))];
        groups = groups.where(prompt, "in", positionsIn(prompts));
      } else if (query.search !== undefined) {
        const search = query.search;
        groups = groups.where(prompt, "in", (eb) =>
          eb
            .selectFrom("evaluation_results as m")
            .innerJoin("evaluation_samples as s", (join) =>
              join
                .onRef("s.evaluation_id", "=", "m.evaluation_id")
                .onRef("s.position", "=", "m.position"),
            )
            .select(sql<number>`m.position / ${sql.lit(repeats)}`.as("prompt"))
            .where("m.evaluation_id", "=", evaluationId)
            .where((w) =>
              w.or(["s.input_text", "s.truth", "m.response"].map((c) => containsText(c, search))),
            ),
        );
      }
      const { total } = await db
        .selectFrom(groups.as("g"))
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .executeTakeFirstOrThrow();
      const page = await groups
        .orderBy(prompt)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute();
      const positions = page.flatMap(({ prompt: p }) =>
        Array.from({ length: repeats }, (_, r) => Number(p) * repeats + r),
      );
      const rows = positions.length === 0 ? [] : await read(positions);
      return { total: Number(total), results: groupByPrompt(rows, repeats) };
    },
  };
}
