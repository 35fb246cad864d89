import type { RunMatrixFilter, RunMatrixRun } from "@assay/protocol";
import { needsRun } from "./matrix-search.ts";
import { runLetter } from "./run-letters.ts";

const CHOICES: { filter: RunMatrixFilter; label: string }[] = [
  { filter: "all", label: "all prompts" },
  { filter: "disagree", label: "where the runs disagree" },
  { filter: "all_fail", label: "where every run fails" },
  { filter: "alone_fails", label: "where one run alone fails" },
  { filter: "alone_passes", label: "where one run alone passes" },
];

/**
 * Which prompts the matrix lists. The two "alone" filters single out a run, chosen beside them
 * (the first run until another is chosen).
 */
export function MatrixFilters(props: {
  runs: RunMatrixRun[];
  filter: RunMatrixFilter;
  run: string | undefined;
  onChange: (filter: RunMatrixFilter, run: string | undefined) => void;
}) {
  const { runs, filter, onChange } = props;
  const singled = props.run ?? runs[0]?.evaluation_id;
  return (
    <fieldset className="matrix-filters">
      <legend className="visually-hidden">Which prompts to list</legend>
      {CHOICES.map((choice) => (
        <button
          key={choice.filter}
          type="button"
          className="chip"
          aria-pressed={filter === choice.filter}
          onClick={() => onChange(choice.filter, needsRun(choice.filter) ? singled : undefined)}
        >
          {choice.label}
        </button>
      ))}
      <label className={needsRun(filter) ? "" : "muted"}>
        run{" "}
        <select
          name="run"
          value={singled}
          disabled={!needsRun(filter)}
          onChange={(event) => onChange(filter, event.target.value)}
        >
          {runs.map((run, i) => (
            <option key={run.evaluation_id} value={run.evaluation_id}>
              {runLetter(i)} · {run.model_name}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
