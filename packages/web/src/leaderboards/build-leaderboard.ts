import { type Evaluation, meanOfEstimates } from "@assay/protocol";
import { type Rank, rankWithTies } from "./rank-with-ties.ts";

/** One model × benchmark cell: the evaluation shown and how many successful runs the pair had. */
export interface Cell {
  evaluation: Evaluation;
  runs: number;
}

/** A model's figures over the benchmarks it has on the board. */
export interface Overall {
  /** Mean accuracy over its benchmarks, each weighing the same. */
  mean: number;
  low: number;
  high: number;
  /** How many of the board's benchmarks it has. */
  covered: number;
  /** Summed cost of its cells; null when any of them has no known cost. */
  cost: number | null;
  /** Ranked only among the models that have every benchmark of the board. */
  rank?: Rank;
}

export interface Leaderboard {
  models: { id: string; name: string; key: string }[];
  benchmarks: { id: string; name: string }[];
  /** Cells by benchmark id, then model id. */
  cells: Map<string, Map<string, Cell>>;
  /** Per benchmark, the ranks of the models that have it. */
  ranks: Map<string, Map<string, Rank>>;
  overall: Map<string, Overall>;
}

/** Of two runs of one pair, the newer finished one (then the newer submitted, then the id). */
function newer(a: Evaluation, b: Evaluation): Evaluation {
  const order =
    a.finished_at - b.finished_at || a.submitted_at - b.submitted_at || a.id.localeCompare(b.id);
  return order >= 0 ? a : b;
}

/**
 * The models × benchmarks matrix of a leaderboard. The server sends one evaluation per pair (the
 * newest success) with `runs`, how many successes the pair had; should a list hold several runs of
 * one pair, the newest finished one is the cell and the others are counted in `runs`.
 */
export function buildLeaderboard(
  evaluations: readonly Evaluation[],
  runs: Readonly<Record<string, number>> = {},
): Leaderboard {
  const cells = new Map<string, Map<string, Cell>>();
  const models = new Map<string, Leaderboard["models"][number]>();
  const benchmarks = new Map<string, Leaderboard["benchmarks"][number]>();
  for (const evaluation of evaluations) {
    models.set(evaluation.model_id, {
      id: evaluation.model_id,
      name: evaluation.model_name,
      key: evaluation.model_key,
    });
    benchmarks.set(evaluation.dataset_id, {
      id: evaluation.dataset_id,
      name: evaluation.dataset_name,
    });
    const column = cells.get(evaluation.dataset_id) ?? new Map<string, Cell>();
    cells.set(evaluation.dataset_id, column);
    const seen = column.get(evaluation.model_id);
    const own = runs[evaluation.id] ?? 1;
    column.set(
      evaluation.model_id,
      seen
        ? { evaluation: newer(seen.evaluation, evaluation), runs: seen.runs + own }
        : { evaluation, runs: own },
    );
  }

  const ranks = new Map<string, Map<string, Rank>>();
  for (const [benchmarkId, column] of cells) {
    ranks.set(
      benchmarkId,
      rankWithTies(
        [...column.values()].map(({ evaluation: e }) => ({
          id: e.model_id,
          low: e.assay.accuracy_ci95.low,
          high: e.assay.accuracy_ci95.high,
        })),
      ),
    );
  }

  const overall = overallFigures([...models.keys()], cells);
  const complete = [...overall].filter(([, o]) => o.covered === benchmarks.size);
  const overallRanks = rankWithTies(complete.map(([id, o]) => ({ id, low: o.low, high: o.high })));
  for (const [id, rank] of overallRanks) {
    const figures = overall.get(id);
    if (figures) figures.rank = rank;
  }

  const sortedModels = [...models.values()].sort((a, b) => {
    const x = overall.get(a.id);
    const y = overall.get(b.id);
    return (
      (y?.covered ?? 0) - (x?.covered ?? 0) ||
      (y?.mean ?? 0) - (x?.mean ?? 0) ||
      a.name.localeCompare(b.name)
    );
  });
  const sortedBenchmarks = [...benchmarks.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { models: sortedModels, benchmarks: sortedBenchmarks, cells, ranks, overall };
}

/**
 * Per model: the mean of its accuracies and an interval for that mean, combining the cells'
 * Wilson intervals as independent errors (meanOfEstimates). Means over different sets of
 * benchmarks are not comparable, hence `covered`.
 */
function overallFigures(
  modelIds: readonly string[],
  cells: Map<string, Map<string, Cell>>,
): Map<string, Overall> {
  const overall = new Map<string, Overall>();
  for (const modelId of modelIds) {
    const own = [...cells.values()]
      .map((column) => column.get(modelId)?.evaluation)
      .filter((e): e is Evaluation => e !== undefined);
    const figures = meanOfEstimates(
      own.map((e) => ({ value: e.accuracy, ...e.assay.accuracy_ci95 })),
    );
    if (figures === undefined) continue;
    const costs = own.map((e) => e.assay.cost_usd);
    overall.set(modelId, {
      ...figures,
      covered: own.length,
      cost: costs.every((c): c is number => c !== null) ? costs.reduce((s, c) => s + c, 0) : null,
    });
  }
  return overall;
}
