import { useState } from "react";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import type { FieldErrors } from "../shared/field-errors.ts";

/**
 * A list of short texts (vendors, regions, …) typed one at a time: Enter or a comma adds what was
 * typed, leaving the field adds it too (so a click on Save loses nothing), × removes one.
 */
export function TagInput(props: {
  label: string;
  hint: string;
  field: string;
  values: string[];
  onChange: (values: string[]) => void;
  errors: FieldErrors;
}) {
  const { label, hint, field, values, onChange, errors } = props;
  const [draft, setDraft] = useState("");
  const commit = () => {
    const added = draft
      .split(",")
      .map((v) => v.trim())
      .filter((v) => v !== "" && !values.includes(v));
    if (added.length > 0) onChange([...values, ...added]);
    setDraft("");
  };
  const inputId = `tags-${field.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <div className="tag-input">
      <label htmlFor={inputId}>{label}</label>
      <div className="tags">
        {values.map((value) => (
          <span className="tag" key={value}>
            {value}
            <button
              type="button"
              className="link"
              aria-label={`remove ${value} from ${label}`}
              onClick={() => onChange(values.filter((v) => v !== value))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={inputId}
          value={draft}
          placeholder={values.length === 0 ? hint : "add another"}
          aria-invalid={errors.has(field)}
          aria-describedby={fieldErrorId(field)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === ",") {
              e.preventDefault();
              commit();
            } else if (e.key === "Backspace" && draft === "" && values.length > 0) {
              onChange(values.slice(0, -1));
            }
          }}
        />
      </div>
      <FieldError errors={errors} field={field} />
    </div>
  );
}
