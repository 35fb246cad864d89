import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import type { FieldErrors } from "../shared/field-errors.ts";

/**
 * Models or benchmarks of the project to tick; none ticked means all. Ids the list does not hold
 * (an entry deleted since) stay chosen and are shown by id, so saving never drops them silently.
 */
export function IdChecklist(props: {
  legend: string;
  field: string;
  choices: { id: string; label: string }[] | undefined;
  chosen: string[];
  onChange: (ids: string[]) => void;
  errors: FieldErrors;
}) {
  const { legend, field, choices, chosen, onChange, errors } = props;
  const known = new Set((choices ?? []).map((c) => c.id));
  const all = [
    ...(choices ?? []),
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ id, label: `${id} (not found)` })),
  ];
  const toggle = (id: string) =>
    onChange(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  return (
    <fieldset
      className="id-checklist"
      aria-invalid={errors.has(field)}
      aria-describedby={fieldErrorId(field)}
    >
      <legend>
        {legend}{" "}
        <span className="muted small">
          {chosen.length === 0 ? "(none ticked: all)" : `(${chosen.length} ticked)`}
        </span>
      </legend>
      {choices === undefined ? <p className="muted small">Loading…</p> : null}
      {choices?.length === 0 ? <p className="muted small">None in this project yet.</p> : null}
      <div className="choices">
        {all.map((choice) => (
          <label key={choice.id}>
            <input
              type="checkbox"
              checked={chosen.includes(choice.id)}
              onChange={() => toggle(choice.id)}
            />{" "}
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError errors={errors} field={field} />
    </fieldset>
  );
}
