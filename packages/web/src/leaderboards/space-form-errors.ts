import { APIStatusError } from "@assay/client/errors";
import { type FieldErrors, fieldErrors } from "../shared/field-errors.ts";

/** The list fields of a space's filters, as the server names them. */
export const LIST_FIELDS = [
  "body.filters.model_filters.ids",
  "body.filters.model_filters.vendors",
  "body.filters.model_filters.regions",
  "body.filters.dataset_filters.ids",
  "body.filters.dataset_filters.categories",
  "body.filters.dataset_filters.languages",
  "body.filters.providers",
] as const;

/**
 * The server's problems with a space form, keyed by the form's fields: a problem with one entry
 * of a list (`body.filters.providers.2`) goes to the list, naming the entry; a taken name (409,
 * which has no field) goes to the name.
 */
export function spaceFormErrors(error: unknown): FieldErrors {
  const folded = new Map<string, string>();
  const add = (field: string, message: string) => {
    const before = folded.get(field);
    folded.set(field, before ? `${before}; ${message}` : message);
  };
  for (const [field, message] of fieldErrors(error)) {
    const list = LIST_FIELDS.find((name) => field.startsWith(`${name}.`));
    const index = list ? Number(field.slice(list.length + 1)) : Number.NaN;
    if (list && Number.isInteger(index)) add(list, `entry ${index + 1}: ${message}`);
    else add(field, message);
  }
  if (error instanceof APIStatusError && error.statusCode === 409 && folded.size === 0) {
    const said = (error.body as { message?: unknown } | null | undefined)?.message;
    add("body.name", typeof said === "string" ? said : error.message);
  }
  return folded;
}
