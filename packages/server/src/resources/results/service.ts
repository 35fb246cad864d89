import type { ListResultsQuery } from "@assay/protocol";
import type { Logger } from "pino";
import { badRequest, notFound } from "../../app-error.ts";
import type { Database } from "../../platform/db/database.ts";
import type { AuthContext } from "../../tenancy.ts";
import { createEvaluationRepository } from "../evaluations/repository.ts";
import { runRepeats } from "../evaluations/to-evaluation.ts";
import { createPromptPageRepository } from "./prompt-page-repository.ts";
import { createResultRepository } from "./repository.ts";
import { createResultTextIndex } from "./text-index.ts";

/**
 * Results of evaluations, authorized by the key's organization as the evaluation is (its own
 * evaluations and public ones). Results written so far are served while the run goes on (the
 * original SDK only asks once it is `success`).
 */
export function createResultService(deps: { db: Database; logger: Logger }) {
  const evaluations = createEvaluationRepository(deps.db);
  const results = createResultRepository(deps.db);
  const promptPages = createPromptPageRepository(deps.db);
  const textIndex = createResultTextIndex(deps.db, deps.logger);

  return {
    /** One page of an evaluation's results, and how many there are. */
    async list(auth: AuthContext, query: ListResultsQuery) {
      const evaluation = await evaluations.findReadable(auth.organizationId, query.evaluation_id);
      if (!evaluation) throw notFound("evaluation");
      const matches =
        query.search === undefined ? undefined : await textIndex.matching(evaluation, query.search);
      const repeats = runRepeats(evaluation.options);
      // Disagreement is a prompt's, not an answer's: `flaky` lists prompts.
      if (repeats > 1 && query.repeats === "each" && query.outcome === "flaky")
        throw badRequest(
          "query.outcome",
          "flaky is a prompt whose answers disagree: list it with repeats=prompt (the default)",
        );
      const page =
        repeats > 1 && query.repeats === "prompt"
          ? await promptPages.page(evaluation.id, repeats, query, matches, (positions) =>
              results.rowsAt(evaluation.id, positions),
            )
          : repeats === 1 && query.outcome === "flaky"
            ? { results: [], total: 0 } // one answer per prompt never disagrees with itself
            : await results.page(evaluation.id, evaluation, query, matches, repeats);
      return {
        evaluation_id: evaluation.id,
        results: page.results,
        metrics: { total_count: page.total },
      };
    },

    /** The search index of results, which comparisons search through too. */
    textIndex,

    /** Stops the search indexing under way (text-index.ts) when the server stops. */
    close: () => textIndex.close(),
  };
}

export type ResultService = ReturnType<typeof createResultService>;
