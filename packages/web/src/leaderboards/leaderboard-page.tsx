import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { ErrorMessage } from "../shared/error-message.tsx";
import { buildLeaderboard } from "./build-leaderboard.ts";
import { FrontierChart } from "./frontier-chart.tsx";
import { LeaderboardMatrix } from "./leaderboard-matrix.tsx";
import type { LeaderboardSearch } from "./leaderboard-search.ts";
import { useLeaderboard } from "./use-spaces.ts";
import "./leaderboards.css";

/** One leaderboard: its models × benchmarks matrix with tied ranks, and accuracy against cost. */
export function LeaderboardPage({ id, search }: { id: string; search: LeaderboardSearch }) {
  const { space, cells } = useLeaderboard(id);
  const board = useMemo(
    () => (cells.data ? buildLeaderboard(cells.data.evaluations, cells.data.runs) : undefined),
    [cells.data],
  );

  return (
    <section className="leaderboard">
      <p className="muted small">
        <Link to="/leaderboards">← Leaderboards</Link>
      </p>
      {space.isError ? <ErrorMessage error={space.error} /> : null}
      {space.data ? (
        <div className="page-head">
          <h1>{space.data.name}</h1>
          <span className={`visibility visibility-${space.data.visibility}`}>
            {space.data.visibility}
          </span>
          <span className="muted count">
            {space.data.models_count} models × {space.data.benchmarks_count} benchmarks,{" "}
            {space.data.evaluations_count} successful evaluations
          </span>
        </div>
      ) : null}
      {space.data?.description ? <p>{space.data.description}</p> : null}
      {cells.isPending ? <p className="muted">Loading…</p> : null}
      {cells.isError && !space.isError ? <ErrorMessage error={cells.error} /> : null}
      {board && board.models.length === 0 ? (
        <div className="empty">
          <p>
            No successful evaluation matches this leaderboard's filters yet. Run the models on the
            benchmarks (<a href="/ui/evaluations">Evaluations</a> lists what has run), or widen the
            filters from the <Link to="/leaderboards">Leaderboards</Link> list (Edit).
          </p>
        </div>
      ) : null}
      {board && board.models.length > 0 ? (
        <>
          <LeaderboardMatrix board={board} />
          <h2>Accuracy against cost</h2>
          <FrontierChart board={board} spaceId={id} choice={search.frontier} />
        </>
      ) : null}
    </section>
  );
}
