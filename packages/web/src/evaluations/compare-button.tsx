import { MAX_MATRIX_RUNS } from "@assay/protocol";
import { useNavigate } from "@tanstack/react-router";

/**
 * Opens the comparison of the ticked evaluations in the order they were ticked: two open the
 * two-run comparison (the first ticked is A), three to ten the runs side by side.
 */
export function CompareButton({ selected }: { selected: string[] }) {
  const navigate = useNavigate();
  const count = selected.length;
  const ready = count >= 2 && count <= MAX_MATRIX_RUNS;
  return (
    <button
      type="button"
      className="compare-button"
      disabled={!ready}
      title={
        ready
          ? `compare the ${count} ticked evaluations`
          : `tick 2 to ${MAX_MATRIX_RUNS} evaluations of one benchmark`
      }
      onClick={() => {
        if (!ready) return;
        if (count === 2) navigate({ to: "/compare", search: { a: selected[0], b: selected[1] } });
        else navigate({ to: "/compare/many", search: { runs: selected.join(",") } });
      }}
    >
      Compare
      {count > MAX_MATRIX_RUNS ? ` (${count}/${MAX_MATRIX_RUNS})` : count > 0 ? ` (${count})` : ""}
    </button>
  );
}
