import type { ReactNode } from "react";
import { FieldError, fieldErrorId } from "../shared/field-error.tsx";
import type { FieldErrors } from "../shared/field-errors.ts";

/** What an input needs to be labelled, described by its hint and marked by the server's error. */
export interface FieldInputProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby": string;
}

/**
 * One labelled input of a form with its hint and, under it, the server's word on its field
 * (`field` as the server names it, e.g. `body.api_url`). The input comes from `children`, which
 * receives the attributes to spread on it.
 */
export function FormField({
  label,
  field,
  errors,
  hint,
  children,
}: {
  label: string;
  field: string;
  errors: FieldErrors;
  hint?: ReactNode;
  children: (input: FieldInputProps) => ReactNode;
}) {
  const id = `input-${field.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  const hintId = `${id}-hint`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        "aria-invalid": errors.has(field),
        "aria-describedby": hint ? `${hintId} ${fieldErrorId(field)}` : fieldErrorId(field),
      })}
      <FieldError errors={errors} field={field} />
      {hint ? (
        <span className="hint muted small" id={hintId}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A number input's text as the request sends it: empty → left out; anything else as typed. */
export function optionalNumber(text: string): number | undefined {
  return text.trim() === "" ? undefined : Number(text);
}
