import { APIStatusError } from "@assay/client/errors";

/**
 * A refused request's per-field problems, keyed by the server's field name (`body.name`,
 * `body.api_url`, `line 3`): 400s name request fields, 422s name the lines of a file. A form
 * shows each next to its field and keeps what was typed; anything it has no field for stays in
 * the general error message.
 */
export type FieldErrors = ReadonlyMap<string, string>;

export function fieldErrors(error: unknown): FieldErrors {
  const errors = new Map<string, string>();
  if (!(error instanceof APIStatusError)) return errors;
  const details = (error.body as { details?: unknown } | null | undefined)?.details;
  if (!Array.isArray(details)) return errors;
  for (const detail of details) {
    const { field, message } = (detail ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    // Two problems with one field read as one sentence.
    const before = errors.get(field);
    errors.set(field, before ? `${before}; ${message}` : message);
  }
  return errors;
}

/** The problems a form has no field for: `fields` are the ones it shows itself. */
export function otherFieldErrors(
  errors: FieldErrors,
  fields: readonly string[],
): [string, string][] {
  return [...errors].filter(([field]) => !fields.includes(field));
}
