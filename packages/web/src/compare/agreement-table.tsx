import type { PairedStats } from "@assay/protocol";
import { useNavigate } from "@tanstack/react-router";
import { percent } from "../shared/format.ts";
import { CELL_INFO, type Cell } from "./compare-search.ts";

/**
 * The paired 2×2: A's right/wrong down, B's across. Only the off-diagonal cells (one right, the
 * other wrong) decide which is better; each cell opens its prompts below.
 */
export function AgreementTable({
  a,
  b,
  stats,
  selected,
}: {
  a: string;
  b: string;
  stats: PairedStats;
  selected: Cell | undefined;
}) {
  const navigate = useNavigate({ from: "/compare" });
  const cell = (name: Cell) => {
    const count = CELL_INFO[name].count(stats);
    const discordant = name === "only_a" || name === "only_b";
    return (
      <td>
        <button
          type="button"
          className={`cell${discordant ? " discordant" : ""}`}
          data-cell={name}
          aria-pressed={selected === name}
          aria-label={`${CELL_INFO[name].label}: ${count} prompts`}
          onClick={() => navigate({ search: { a, b, cell: name } })}
        >
          <span className="cell-count num">{count}</span>
          <span className="cell-label">{CELL_INFO[name].label}</span>
          <span className="muted small num">
            {stats.pairs > 0 ? percent(count / stats.pairs) : "—"}
          </span>
        </button>
      </td>
    );
  };
  return (
    <div className="table-scroll">
      <table className="agreement">
        <caption className="muted small">
          Agreement on {stats.pairs} paired prompts — choose a cell to read them
        </caption>
        <thead>
          <tr>
            <td />
            <th scope="col">B right</th>
            <th scope="col">B wrong</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">A right</th>
            {cell("both_right")}
            {cell("only_a")}
          </tr>
          <tr>
            <th scope="row">A wrong</th>
            {cell("only_b")}
            {cell("both_wrong")}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
