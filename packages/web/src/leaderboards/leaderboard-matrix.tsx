import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { AccuracyInterval } from "../evaluations/accuracy-cell.tsx";
import { CompareButton } from "../evaluations/compare-button.tsx";
import type { Cell, Leaderboard } from "./build-leaderboard.ts";
import { type Rank, rankLabel } from "./rank-with-ties.ts";

/** Two cells picked in one column, for the paired comparison; picking in another column restarts. */
interface Picked {
  benchmarkId: string;
  evaluationIds: string[];
}

/**
 * Models down, benchmarks across, each cell the model's newest successful evaluation with its
 * 95% interval, n and rank on that benchmark; the last column the mean over the model's
 * benchmarks. Ranks tie models whose intervals overlap.
 */
export function LeaderboardMatrix({ board }: { board: Leaderboard }) {
  const [picked, setPicked] = useState<Picked | undefined>();
  const pick = (benchmarkId: string, evaluationId: string) =>
    setPicked((p) => {
      if (!p || p.benchmarkId !== benchmarkId)
        return { benchmarkId, evaluationIds: [evaluationId] };
      const ids = p.evaluationIds.includes(evaluationId)
        ? p.evaluationIds.filter((x) => x !== evaluationId)
        : [...p.evaluationIds, evaluationId];
      return { benchmarkId, evaluationIds: ids };
    });
  const total = board.benchmarks.length;
  const pickedColumn = board.benchmarks.find((b) => b.id === picked?.benchmarkId);

  return (
    <>
      <div className="list-tools">
        <p className="muted small rule">
          <strong>Rank</strong> on a benchmark: 1 + the number of models whose 95% interval lies
          entirely above this model's. Models sharing a rank (<strong>=</strong>) are tied: their
          intervals overlap, and the data cannot order them. Each cell is the model's newest
          successful evaluation on the benchmark.
        </p>
        <span className="compare-pick">
          <span className="muted small">
            {pickedColumn
              ? `Picked on ${pickedColumn.name}`
              : "Tick two cells of one column to compare them"}
          </span>{" "}
          <CompareButton selected={picked?.evaluationIds ?? []} />
        </span>
      </div>
      <div className="matrix-scroll">
        <table className="evaluations leaderboard-matrix">
          <thead>
            <tr>
              <th>Model</th>
              {board.benchmarks.map((b) => (
                <th key={b.id} data-benchmark-id={b.id}>
                  {b.name}
                  <div className="sub">rank · accuracy (95% CI) · n</div>
                </th>
              ))}
              <th className="overall">
                Overall
                <div className="sub">rank · mean accuracy over benchmarks</div>
              </th>
            </tr>
          </thead>
          <tbody>
            {board.models.map((model) => {
              const overall = board.overall.get(model.id);
              return (
                <tr key={model.id} data-model-id={model.id}>
                  <th scope="row" title={model.key}>
                    {model.name}
                  </th>
                  {board.benchmarks.map((b) => {
                    const cell = board.cells.get(b.id)?.get(model.id);
                    return cell ? (
                      <MatrixCell
                        key={b.id}
                        cell={cell}
                        benchmarkName={b.name}
                        rank={board.ranks.get(b.id)?.get(model.id)}
                        picked={
                          picked?.benchmarkId === b.id &&
                          picked.evaluationIds.includes(cell.evaluation.id)
                        }
                        onPick={() => pick(b.id, cell.evaluation.id)}
                      />
                    ) : (
                      <td
                        key={b.id}
                        className="muted"
                        data-benchmark-id={b.id}
                        title={`no successful evaluation of ${model.name} on ${b.name}`}
                      >
                        —
                      </td>
                    );
                  })}
                  <td className="overall" data-overall>
                    {overall ? (
                      <>
                        <RankBadge rank={overall.rank} />
                        <AccuracyInterval
                          accuracy={overall.mean}
                          low={overall.low}
                          high={overall.high}
                          label="95% interval of the mean: the cells' Wilson intervals combined as independent errors"
                        />
                        {overall.covered < total ? (
                          <span
                            className="muted small partial"
                            title="a mean over other benchmarks is not comparable: not ranked overall"
                          >
                            {overall.covered} of {total} benchmarks
                          </span>
                        ) : null}
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="muted small">
        <strong>Overall</strong>: the mean of a model's accuracies, each benchmark weighing the
        same; its interval combines the cells' intervals as independent errors. It is ranked (by the
        rule above) only among the models that have every benchmark of the board: a mean over a
        different set of benchmarks is not comparable, so a model missing one shows how many it has
        and no overall rank.
      </p>
    </>
  );
}

function MatrixCell(props: {
  cell: Cell;
  benchmarkName: string;
  rank: Rank | undefined;
  picked: boolean;
  onPick: () => void;
}) {
  const { evaluation: e, runs } = props.cell;
  const { low, high } = e.assay.accuracy_ci95;
  const n = e.assay.progress.total;
  return (
    <td data-benchmark-id={e.dataset_id} data-evaluation-id={e.id}>
      <span className="cell">
        <input
          type="checkbox"
          aria-label={`pick ${e.model_name} on ${props.benchmarkName} for comparison`}
          checked={props.picked}
          onChange={props.onPick}
        />
        <RankBadge rank={props.rank} />
        <Link
          to="/evaluations/$id"
          params={{ id: e.id }}
          title={
            runs > 1
              ? `the newest of ${runs} successful evaluations of ${e.model_name} on ${props.benchmarkName}; open it`
              : `open the evaluation of ${e.model_name} on ${props.benchmarkName}`
          }
        >
          <AccuracyInterval accuracy={e.accuracy} low={low} high={high} />
        </Link>
        <span className="muted num n" title={`${e.assay.progress.correct} correct of ${n} prompts`}>
          n={n}
        </span>
      </span>
      {runs > 1 ? (
        <span
          className="runs small"
          title={`the newest of ${runs} successful evaluations of this model on this benchmark; the others are in Evaluations`}
        >
          newest of {runs}
        </span>
      ) : null}
    </td>
  );
}

function RankBadge({ rank }: { rank: Rank | undefined }) {
  if (!rank)
    return (
      <span className="rank muted" title="not ranked">
        –
      </span>
    );
  return (
    <span
      className={`rank${rank.tied ? " tied" : ""}`}
      title={rank.tied ? `rank ${rank.rank}, tied: intervals overlap` : `rank ${rank.rank}`}
    >
      {rankLabel(rank)}
    </span>
  );
}
