import { useNavigate } from "@tanstack/react-router";

/** Opens the comparison of exactly two ticked evaluations: the first ticked is A, the second B. */
export function CompareButton({ selected }: { selected: string[] }) {
  const navigate = useNavigate();
  const ready = selected.length === 2;
  return (
    <button
      type="button"
      className="compare-button"
      disabled={!ready}
      title={ready ? "compare the two ticked evaluations" : "tick exactly two evaluations"}
      onClick={() =>
        ready && navigate({ to: "/compare", search: { a: selected[0], b: selected[1] } })
      }
    >
      Compare{selected.length > 0 ? ` (${selected.length}/2)` : ""}
    </button>
  );
}
