import type {
  PromptAnswerQuery,
  PromptAnswerResponse,
  RunMatrixQuery,
  RunMatrixResponse,
  RunMatrixRow,
} from "@assay/protocol";
import { badRequest, notFound } from "../../app-error.ts";
import type { Database } from "../../platform/db/database.ts";
import type { EvaluationRow } from "../../platform/db/schema.ts";
import type { AuthContext } from "../../tenancy.ts";
import { createNameRepository } from "../evaluations/name-repository.ts";
import { createEvaluationRepository } from "../evaluations/repository.ts";
import { runRepeats } from "../evaluations/to-evaluation.ts";
import { keepsRow } from "./run-matrix-filter.ts";
import { createRunMatrixRepository, type MatrixCell } from "./run-matrix-repository.ts";
import { pairwise, runTally } from "./run-matrix-stats.ts";

const FIELD = "query.evaluation_ids";

/**
 * `GET /results/matrix` (an extension): 2 to 10 evaluations of one benchmark, each readable by
 * the caller as the two-run comparison reads them (its organization's or public; any other is
 * answered as not found), side by side on the prompts every one answered. The runs' figures and
 * the pairs' tests describe all those prompts; the filter and the page choose the rows.
 */
export function createRunMatrixService(deps: { db: Database }) {
  const evaluations = createEvaluationRepository(deps.db);
  const names = createNameRepository(deps.db);
  const matrix = createRunMatrixRepository(deps.db);

  async function readableRuns(auth: AuthContext, ids: readonly string[]): Promise<EvaluationRow[]> {
    const rows = await Promise.all(
      ids.map((id) => evaluations.findReadable(auth.organizationId, id)),
    );
    return rows.map((row, i) => {
      if (!row) throw notFound(`${FIELD}: evaluation ${ids[i]}`);
      return row;
    });
  }

  function checkRuns(runs: readonly EvaluationRow[]): void {
    const [first] = runs;
    for (const run of runs) {
      if (first && run.benchmark_id !== first.benchmark_id)
        throw badRequest(
          FIELD,
          `evaluation ${run.id} ran benchmark ${run.benchmark_id}, evaluation ${first.id} ran ${first.benchmark_id}; only evaluations of the same benchmark go side by side`,
        );
      const repeats = runRepeats(run.options);
      // A prompt asked several times has no one outcome to put in a cell; the two-run
      // comparison compares such runs by their per-prompt means.
      if (repeats > 1)
        throw badRequest(
          FIELD,
          `evaluation ${run.id} asked each prompt ${repeats} times; the matrix puts runs of one answer per prompt side by side (compare it with another run on /results/comparison)`,
        );
    }
  }

  /** The page's rows: the first run's prompt texts, and one cell per run in the asked order. */
  async function rowsOf(ids: readonly string[], promptIds: string[]): Promise<RunMatrixRow[]> {
    const [texts, cells] = await Promise.all([
      matrix.prompts(ids[0] as string, promptIds),
      matrix.cells(ids, promptIds),
    ]);
    const textOf = new Map(texts.map((t) => [t.prompt_id, t]));
    const cellOf = new Map<string, MatrixCell>(
      cells.map((c) => [`${c.evaluationId}\u0000${c.promptId}`, c]),
    );
    return promptIds.map((promptId) => {
      const text = textOf.get(promptId);
      return {
        prompt_id: promptId,
        subset: text?.subset ?? "default",
        prompt: text?.input_text ?? "",
        truth: text?.truth ?? "",
        cells: ids.map((id) => {
          const cell = cellOf.get(`${id}\u0000${promptId}`);
          return { outcome: cell?.outcome ?? "error", score: cell?.score ?? 0 };
        }),
      };
    });
  }

  return {
    /** `GET /results/answer`: a cell's answer, for an evaluation the caller may read. */
    async answer(auth: AuthContext, query: PromptAnswerQuery): Promise<PromptAnswerResponse> {
      const run = await evaluations.findReadable(auth.organizationId, query.evaluation_id);
      if (!run) throw notFound("query.evaluation_id: evaluation");
      const answer = await matrix.answer(run.id, query.prompt_id);
      if (!answer) throw notFound(`query.prompt_id: an answer of evaluation ${run.id} to prompt`);
      return { evaluation_id: run.id, prompt_id: query.prompt_id, ...answer };
    },

    async matrix(auth: AuthContext, query: RunMatrixQuery): Promise<RunMatrixResponse> {
      const ids = query.evaluation_ids;
      const singled = query.run === undefined ? -1 : ids.indexOf(query.run);
      if (query.filter === "alone_fails" || query.filter === "alone_passes") {
        if (query.run === undefined)
          throw badRequest("query.run", `filter ${query.filter} needs the run it singles out`);
        if (singled < 0)
          throw badRequest("query.run", `${query.run} is not one of query.evaluation_ids`);
      }
      const runs = await readableRuns(auth, ids);
      checkRuns(runs);
      const [prompts, models] = await Promise.all([
        matrix.outcomes(ids),
        names.models([...new Set(runs.map((r) => r.model_id))]),
      ]);
      const modelName = new Map(models.map((m) => [m.id, m.name || m.key]));
      const kept = prompts.filter((row) => keepsRow(query.filter, row, singled));
      const start = (query.page - 1) * query.page_size;
      const page = kept.slice(start, start + query.page_size);
      return {
        benchmark_id: (runs[0] as EvaluationRow).benchmark_id,
        prompts: prompts.length,
        runs: runs.map((run, i) => ({
          evaluation_id: run.id,
          model_id: run.model_id,
          model_name: modelName.get(run.model_id) ?? run.model_id,
          status: run.status,
          submitted_at: run.submitted_at,
          ...runTally(prompts, i),
        })),
        pairs: pairwise(prompts, ids),
        multiplicity: "holm",
        results: await rowsOf(
          ids,
          page.map((row) => row.promptId),
        ),
        total_count: kept.length,
      };
    },
  };
}

export type RunMatrixService = ReturnType<typeof createRunMatrixService>;
