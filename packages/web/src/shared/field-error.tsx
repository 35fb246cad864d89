import type { FieldErrors } from "./field-errors.ts";

/**
 * The server's word on one field, shown under it. Give the input
 * `aria-describedby={fieldErrorId(field)}` and `aria-invalid` so a screen reader reads it too.
 */
export function FieldError({ errors, field }: { errors: FieldErrors; field: string }) {
  const message = errors.get(field);
  if (!message) return null;
  return (
    <span className="field-error" id={fieldErrorId(field)} role="alert">
      {message}
    </span>
  );
}

export function fieldErrorId(field: string): string {
  return `error-${field.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}
